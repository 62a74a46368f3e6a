/**
 * `/_emulator/gateway/*`: robots (list, add an agent by URL, time-outs, delete) and visitor
 * sessions (open, list, read, delete, send a message, export and import transcripts) that the UI,
 * the harness and users' tests drive; `/_storage/media/*`: what agents fetch for a visitor's image.
 */
import { Hono } from "hono";
import type { AppEnv } from "../core/app-env.ts";
import { jsonObject } from "../core/body.ts";
import { ApiError } from "../core/errors.ts";
import { parseParameters } from "../core/validation.ts";
import { MAX_IMAGE_BYTES, storeImage } from "./images.ts";
import {
  AddRobotRequest,
  OpenSessionRequest,
  RobotSettingsRequest,
  SendMessageRequest,
} from "./schemas.ts";
import { openSession, sendMessage, sessionSummaries, type VisitorMessage } from "./sessions.ts";
import type { GatewayStore } from "./store.ts";
import { exportTranscript, importTranscript, TranscriptSchema } from "./transcripts.ts";

export function gatewayControlRoutes(store: GatewayStore) {
  return new Hono<AppEnv>().basePath("/gateway")
    .get("/robots", (c) => c.json({ robots: store.state.robots }))
    .post("/robots", async (c) => {
      const input = parseParameters(AddRobotRequest, await jsonObject(c, 65536));
      return c.json(store.registerAgentUrl(input), 201);
    })
    .get("/robots/:robotId", (c) => c.json(store.findRobot(c.req.param("robotId"))))
    .patch("/robots/:robotId", async (c) => {
      const robot = store.findRobot(c.req.param("robotId"));
      const { timeouts } = parseParameters(RobotSettingsRequest, await jsonObject(c, 4096));
      Object.assign(robot.timeouts, timeouts);
      return c.json(robot);
    })
    .delete("/robots/:robotId", (c) => {
      store.deleteRobot(c.req.param("robotId"));
      return c.json({ deleted: c.req.param("robotId") });
    })
    .post("/sessions", async (c) => {
      const input = parseParameters(OpenSessionRequest, await jsonObject(c, 65536));
      const { session, open } = await openSession(store, input);
      return c.json({ sessionId: session.sessionId, session, open }, 201);
    })
    .get("/sessions", (c) => c.json({ sessions: sessionSummaries(store, c.req.query("robotId")) }))
    .get("/sessions/:sessionId", (c) => c.json(store.findSession(c.req.param("sessionId"))))
    .delete("/sessions/:sessionId", (c) => {
      store.deleteSession(c.req.param("sessionId"));
      return c.json({ deleted: c.req.param("sessionId") });
    })
    .get("/sessions/:sessionId/transcript", (c) => {
      const sessionId = c.req.param("sessionId");
      c.header("content-disposition", `attachment; filename="${sessionId}.transcript.json"`);
      return c.json(exportTranscript(store, sessionId));
    })
    .post("/transcripts", async (c) => {
      const transcript = parseParameters(TranscriptSchema, await jsonObject(c, 16 * 1024 * 1024));
      return c.json(importTranscript(store, transcript), 201);
    })
    .post("/sessions/:sessionId/messages", async (c) => {
      const sessionId = c.req.param("sessionId");
      store.findSession(sessionId);
      const body = parseParameters(SendMessageRequest, await jsonObject(c, MAX_IMAGE_BYTES * 2));
      const message: VisitorMessage = "text" in body
        ? { messageType: 100, message: { content: body.text } }
        : storeImage(store, sessionId, body.image.fileName, body.image.contentBase64);
      return c.json(await sendMessage(store, sessionId, message));
    });
}

/** `/_storage/media/:key/:fileName`: what agents fetch for a visitor's image. */
export function mediaRoutes(store: GatewayStore) {
  return new Hono<AppEnv>().get("/media/:key/:fileName", (c) => {
    const media = store.emulator.media.get(c.req.param("key"));
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
