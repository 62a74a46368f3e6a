/**
 * `/_emulator/gateway/*`: robots (list, add an agent by URL, time-outs, delete) and visitor
 * sessions (open, list, read, delete, send a message, export and import transcripts) that the UI,
 * the harness and users' tests drive; `/_storage/media/*`: what agents fetch for a visitor's image.
 */
import { ApiError } from "../core/errors.ts";
import { type ControlRoutes, controlRoutes } from "../control/documented.ts";
import { MAX_IMAGE_BYTES, storeImage } from "./images.ts";
import {
  AddRobotRequest,
  OpenSessionRequest,
  RobotSchema,
  RobotSettingsRequest,
  SendMessageRequest,
  SessionSchema,
} from "./schemas.ts";
import { openSession, sendMessage, sessionSummaries, type VisitorMessage } from "./sessions.ts";
import type { GatewayStore } from "./store.ts";
import { exportTranscript, importTranscript, TranscriptSchema } from "./transcripts.ts";

export function gatewayControlRoutes(store: GatewayStore) {
  const routes = controlRoutes("/gateway");
  robotRoutes(routes, store);
  sessionRoutes(routes, store);
  return routes.hono;
}

function robotRoutes(routes: ControlRoutes, store: GatewayStore) {
  routes
    .get(
      "/robots",
      { summary: "Registered robots." },
      (c) => c.json({ robots: store.state.robots }),
    )
    .post(
      "/robots",
      { summary: "Add an agent by its URL.", body: AddRobotRequest, limit: 65536 },
      async (c, input) => c.json(store.registerAgentUrl(await input.body()), 201),
    )
    .get(
      "/robots/:robotId",
      { summary: "One robot.", answer: RobotSchema },
      (c) => c.json(store.findRobot(c.req.param("robotId"))),
    )
    .patch(
      "/robots/:robotId",
      {
        summary: "A robot's time-outs.",
        body: RobotSettingsRequest,
        limit: 4096,
        answer: RobotSchema,
      },
      async (c, input) => {
        const robot = store.findRobot(c.req.param("robotId"));
        Object.assign(robot.timeouts, (await input.body()).timeouts);
        return c.json(robot);
      },
    )
    .delete("/robots/:robotId", { summary: "Remove a robot and its sessions." }, (c) => {
      store.deleteRobot(c.req.param("robotId"));
      return c.json({ deleted: c.req.param("robotId") });
    });
}

function sessionRoutes(routes: ControlRoutes, store: GatewayStore) {
  routes
    .post("/sessions", {
      summary: "Open a visitor session (the open-session call goes out first).",
      body: OpenSessionRequest,
      limit: 65536,
    }, async (c, input) => {
      const { session, open } = await openSession(store, await input.body());
      return c.json({ sessionId: session.sessionId, session, open }, 201);
    })
    .get(
      "/sessions",
      { summary: "Visitor sessions." },
      (c) => c.json({ sessions: sessionSummaries(store, c.req.query("robotId")) }),
    )
    .get(
      "/sessions/:sessionId",
      { summary: "One session with its history.", answer: SessionSchema },
      (c) => c.json(store.findSession(c.req.param("sessionId"))),
    )
    .delete("/sessions/:sessionId", { summary: "Delete a session." }, (c) => {
      store.deleteSession(c.req.param("sessionId"));
      return c.json({ deleted: c.req.param("sessionId") });
    })
    .get("/sessions/:sessionId/transcript", {
      summary: "The session as a transcript file.",
      answer: TranscriptSchema,
    }, (c) => {
      const sessionId = c.req.param("sessionId");
      c.header("content-disposition", `attachment; filename="${sessionId}.transcript.json"`);
      return c.json(exportTranscript(store, sessionId));
    })
    .post("/transcripts", {
      summary: "Import a transcript as a new, read-only session.",
      body: TranscriptSchema,
      limit: 16 * 1024 * 1024,
    }, async (c, input) => c.json(importTranscript(store, await input.body()), 201))
    .post("/sessions/:sessionId/messages", {
      summary: "Send a visitor message and wait for the agent's reply.",
      body: SendMessageRequest,
      limit: MAX_IMAGE_BYTES * 2,
    }, async (c, input) => {
      const sessionId = c.req.param("sessionId");
      store.findSession(sessionId);
      const body = await input.body();
      const message: VisitorMessage = "text" in body
        ? { messageType: 100, message: { content: body.text } }
        : storeImage(store, sessionId, body.image.fileName, body.image.contentBase64);
      return c.json(await sendMessage(store, sessionId, message));
    });
}

/** `/_storage/media/:key/:fileName`: what agents fetch for a visitor's image. */
export function mediaRoutes(store: GatewayStore) {
  const summary = "A visitor's image, as agents fetch it.";
  return controlRoutes().get("/media/:key/:fileName", { summary }, (c) => {
    // Only the gateway's own images: a document's bytes are reached by their signed link alone.
    const media = store.emulator.mediaOf("gateway", c.req.param("key"));
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
  }).hono;
}
