/**
 * The robot gateway's HTTP surface: the signed registration operation under `/livechat`, the
 * control routes under `/_emulator/gateway` that the UI, the harness and users' tests drive, and the
 * media route that serves visitors' images to agents.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { jsonObject } from "../control/http.ts";
import type { Emulator } from "../emulator.ts";
import { ApiError } from "../signed-api/errors.ts";
import { defineOperation, type Operation } from "../signed-api/operation.ts";
import { parseParameters } from "../signed-api/validation.ts";
import { deleteRobot, findRobot, registerRobot } from "./registry.ts";
import { RegistrationSchema, ResponseModeSchema, VisitorSchema } from "./schemas.ts";
import {
  findSession,
  MAX_IMAGE_BYTES,
  openSession,
  sendMessage,
  storeImage,
  type VisitorMessage,
} from "./sessions.ts";

export const gatewayOperations: Operation[] = [
  defineOperation({
    method: "POST",
    path: "/livechat/third_part_bot_register",
    readOnly: false,
    params: RegistrationSchema,
    handle: ({ emulator, enterprise }, registration) => {
      const robot = registerRobot(
        emulator.state,
        enterprise.enterpriseId,
        registration,
        emulator.clock.now(),
      );
      emulator.events.publish({
        type: "state",
        change: "robot-registered",
        detail: { robotId: robot.robotId },
      });
      return { robotId: robot.robotId };
    },
  }),
];

const OpenSession = z.strictObject({
  robotId: z.string().min(1),
  visitor: VisitorSchema.default(() => ({})),
  responseMode: ResponseModeSchema.default("blocking"),
});

const SendMessage = z.union([
  z.strictObject({ text: z.string().min(1, { error: "must not be empty" }) }),
  z.strictObject({
    image: z.strictObject({
      fileName: z.string().regex(/\.(png|jpe?g|gif|webp|bmp)$/i, {
        error: "must be an image file name (.png, .jpg, .jpeg, .gif, .webp, .bmp)",
      }),
      contentBase64: z.string().min(1),
    }),
  }),
], { error: 'send {"text": "..."} or {"image": {"fileName", "contentBase64"}}' });

/** An agent added from the UI by its URL (the browser holds no access key to sign with). */
const AddRobot = z.strictObject({
  name: z.string().min(1).default("my agent"),
  url: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }),
  openPath: z.string().startsWith("/").optional(),
  platform: z.enum(["Default", "PlatformA"]),
  token: z.string().optional(),
});

const RobotSettings = z.strictObject({
  timeouts: z.strictObject({
    blockingMs: z.number().int().min(1).max(600_000).optional(),
    streamIdleMs: z.number().int().min(1).max(600_000).optional(),
  }),
});

/** `/_emulator/gateway/*`. */
export function gatewayControlRoutes(emulator: Emulator) {
  return new Hono<AppEnv>()
    .get("/robots", (c) => c.json({ robots: emulator.state.gateway.robots }))
    .post("/robots", async (c) => {
      const input = parseParameters(AddRobot, await jsonObject(c, 65536));
      const url = new URL(input.url);
      const robot = registerRobot(
        emulator.state,
        emulator.state.enterprises[0]?.enterpriseId ?? "0",
        {
          name: input.name,
          domain: url.origin,
          authEnabled: input.token !== undefined,
          ...(input.token !== undefined
            ? { authentication: { type: "TOKEN" as const, token: input.token } }
            : {}),
          pushConfigList: [
            ...(input.openPath
              ? [{ type: "Open" as const, uri: input.openPath, httpMethod: "POST" as const }]
              : []),
            {
              type: "Message" as const,
              uri: url.pathname + url.search,
              httpMethod: "POST" as const,
            },
          ],
          platform: input.platform,
        },
        emulator.clock.now(),
      );
      emulator.events.publish({
        type: "state",
        change: "robot-registered",
        detail: { robotId: robot.robotId },
      });
      return c.json(robot, 201);
    })
    .get("/robots/:robotId", (c) => c.json(findRobot(emulator.state, c.req.param("robotId"))))
    .patch("/robots/:robotId", async (c) => {
      const robot = findRobot(emulator.state, c.req.param("robotId"));
      const { timeouts } = parseParameters(RobotSettings, await jsonObject(c, 4096));
      Object.assign(robot.timeouts, timeouts);
      return c.json(robot);
    })
    .delete("/robots/:robotId", (c) => {
      deleteRobot(emulator.state, c.req.param("robotId"));
      emulator.events.publish({
        type: "state",
        change: "robot-deleted",
        detail: { robotId: c.req.param("robotId") },
      });
      return c.json({ deleted: c.req.param("robotId") });
    })
    .post("/sessions", async (c) => {
      const input = parseParameters(OpenSession, await jsonObject(c, 65536));
      const { session, open } = await openSession(emulator, input);
      return c.json({ sessionId: session.sessionId, session, open }, 201);
    })
    .get("/sessions", (c) => {
      const robotId = c.req.query("robotId");
      const sessions = emulator.state.gateway.sessions
        .filter((s) => robotId === undefined || s.robotId === robotId)
        .map(({ history, ...summary }) => ({ ...summary, messages: history.length }));
      return c.json({ sessions });
    })
    .get("/sessions/:sessionId", (c) => c.json(findSession(emulator, c.req.param("sessionId"))))
    .post("/sessions/:sessionId/messages", async (c) => {
      const sessionId = c.req.param("sessionId");
      findSession(emulator, sessionId);
      const body = parseParameters(SendMessage, await jsonObject(c, MAX_IMAGE_BYTES * 2));
      const message: VisitorMessage = "text" in body
        ? { messageType: 100, message: { content: body.text } }
        : storeImage(emulator, sessionId, body.image.fileName, body.image.contentBase64);
      return c.json(await sendMessage(emulator, sessionId, message));
    });
}

/** `/_storage/media/:key/:fileName`: what agents fetch for a visitor's image. */
export function mediaRoutes(emulator: Emulator) {
  return new Hono<AppEnv>().get("/media/:key/:fileName", (c) => {
    const media = emulator.media.get(c.req.param("key"));
    if (!media) {
      throw new ApiError(
        "ResourceNotFound",
        `No media ${c.req.param("key")} (media do not survive a reset).`,
      );
    }
    return c.body(media.bytes.slice().buffer, 200, {
      "content-type": media.contentType,
      "content-disposition": `inline; filename*=UTF-8''${encodeURIComponent(media.fileName)}`,
    });
  });
}
