/**
 * A tap recording as `ccemu parity` reads it: the real gateway's pushes, in order, and what ccemu
 * needs to make the same pushes (the robot's way and paths, the visitor profile, the response
 * mode, each visitor message). A tap recording is a transcript file; `ccemu parity` tells it from
 * an NDJSON recording by that shape, so a file is read here only when it parses whole as one.
 */
import { isObject } from "../core/json.ts";
import type { Visitor } from "../gateway/schemas.ts";
import { readPush, type SentMessage } from "../tap/push-body.ts";
import { type TapPush, tapPushes } from "../tap/pushes.ts";
import { RecordingError } from "../upstream/read-recording.ts";

export interface TapRecordingForParity {
  file: string;
  platform: "Default" | "PlatformA";
  responseMode: "blocking" | "streaming";
  visitor: Visitor;
  /** Every push the tap recorded, in order. */
  pushes: TapPush[];
  /** The path of the open-session call, when the real gateway made one. */
  openPath?: string;
  /** The path (and query) message pushes went to. */
  messagePath: string;
  /** Whether the pushes carried an Authorization header (its token is never recorded). */
  authorized: boolean;
  /** What the visitor sent, one per message push, in order. */
  visitorMessages: SentMessage[];
}

/** Whether parsed JSON is a transcript file (`{"ccemu": "transcript", …}`). */
export function isTranscript(json: unknown): boolean {
  return isObject(json) && json.ccemu === "transcript" && isObject(json.session);
}

/** The file's JSON when it is a transcript; undefined for anything else (an NDJSON recording). */
export function parseTranscript(text: string): unknown {
  try {
    const json = JSON.parse(text);
    return isTranscript(json) ? json : undefined;
  } catch {
    return undefined; // NDJSON with more than one line does not parse whole
  }
}

/** Reads what parity needs from a parsed transcript; says why when it holds no push to compare. */
export function readTapRecording(file: string, json: unknown): TapRecordingForParity {
  const transcript = json as {
    robot?: { platform?: unknown };
    session: { responseMode?: unknown; visitor?: unknown };
  };
  const pushes = tapPushes(json);
  const messages = pushes.filter((p) => p.via === "message");
  if (messages.length === 0) {
    throw new RecordingError(
      file,
      undefined,
      "a transcript with no message push recorded by ccemu tap (no session.history[].message.tap): " +
        "nothing to compare",
    );
  }
  const recordedWay = transcript.robot?.platform;
  const shownWay = readPush(messages[0].path, messages[0].exchange.request.body).platform;
  const platform = recordedWay === "PlatformA" || recordedWay === "Default"
    ? recordedWay
    : shownWay ?? "Default";
  return {
    file,
    platform,
    responseMode: transcript.session.responseMode === "streaming" ? "streaming" : "blocking",
    visitor: isObject(transcript.session.visitor) ? transcript.session.visitor as Visitor : {},
    pushes,
    openPath: pushes.find((p) => p.via === "open")?.path,
    messagePath: messages[0].path,
    authorized: pushes.some((p) => "authorization" in p.headers),
    visitorMessages: messages.map((p) =>
      readPush(p.path, p.exchange.request.body).sent ?? { messageType: 100, message: {} }
    ),
  };
}
