/**
 * Makes a ccemu push what the real gateway pushed: the capture agent registered as a robot of the
 * recording's way, a session with the recorded profile and response mode, each recorded visitor
 * message sent in order; the robot (and with it the session) removed at the end.
 */
import type { SentMessage } from "../tap/push-body.ts";
import type { TapRecordingForParity } from "./tap-recording.ts";
import { control } from "./target.ts";

/** The Authorization token ccemu sends: the recording has the scheme only, never the token. */
const PARITY_TOKEN = "ccemu-parity";

/** A 1x1 PNG: the recording holds an image's URL, not its bytes, and the URL is compared apart. */
const PLACEHOLDER_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** What to send to make ccemu push this visitor message. */
function messageRequest(sent: SentMessage): unknown {
  if (sent.messageType === 105) {
    const name = String(sent.message.fileName ?? "image.png");
    const fileName = /\.(png|jpe?g|gif|webp|bmp)$/i.test(name) ? name : `${name}.png`;
    return { image: { fileName, contentBase64: PLACEHOLDER_PNG } };
  }
  return { text: String(sent.message.content ?? "") || " " };
}

export interface ReplayedSession {
  /** Per visitor message: why ccemu made no push for it (its control route's error), if so. */
  errors: (string | undefined)[];
}

/** Registers the agent at `agentUrl`, opens the session, sends every message, cleans up. */
export async function replayVisitor(
  base: string,
  agentUrl: string,
  recording: TapRecordingForParity,
): Promise<ReplayedSession> {
  const robot = await control(base, "POST", "/_emulator/gateway/robots", {
    name: `ccemu parity ${recording.file}`,
    url: new URL(recording.messagePath, agentUrl).href,
    platform: recording.platform,
    ...(recording.openPath ? { openPath: recording.openPath } : {}),
    ...(recording.authorized ? { token: PARITY_TOKEN } : {}),
  }) as { robotId: string };
  try {
    const opened = await control(base, "POST", "/_emulator/gateway/sessions", {
      robotId: robot.robotId,
      visitor: recording.visitor,
      responseMode: recording.responseMode,
    }) as { sessionId: string };
    const errors: (string | undefined)[] = [];
    for (const sent of recording.visitorMessages) {
      const path = `/_emulator/gateway/sessions/${opened.sessionId}/messages`;
      errors.push(
        await control(base, "POST", path, messageRequest(sent)).then(
          () => undefined,
          (error: Error) => error.message,
        ),
      );
    }
    return { errors };
  } finally {
    // Deleting the robot deletes its sessions too.
    await control(base, "DELETE", `/_emulator/gateway/robots/${robot.robotId}`);
  }
}
