/**
 * The gateway slice of the state: registered robots and visitor sessions. Beside them, what is
 * derived and per emulator: an index of sessions by id, and one queue per session so that a
 * visitor's exchanges run one at a time in the order sent.
 */
import { AreaStore } from "../core/area-store.ts";
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import {
  type AddRobotInput,
  gatewaySlice,
  type GatewayState,
  type Registration,
  type Robot,
  type Session,
} from "./schemas.ts";

export class GatewayStore extends AreaStore<GatewayState> {
  #sessionIndex = new Map<string, Session>();
  #indexed: Session[] | null = null;
  #queues = new Map<string, Promise<unknown>>();
  #shutdownListeners = new Set<() => void>();

  constructor(emulator: Emulator) {
    super(emulator, gatewaySlice);
  }

  override load(): void {
    this.#indexed = null;
    this.#queues.clear();
  }

  /** The deadline and byte budget of every push (`--push-deadline`, `--push-max-mb`). */
  get pushLimits(): { deadlineMs: number; maxBytes: number } {
    const { pushDeadlineMs, pushMaxBytes } = this.emulator.config;
    return { deadlineMs: pushDeadlineMs, maxBytes: pushMaxBytes };
  }

  /** A push in flight hears here when ccemu shuts down; answers how to stop hearing. */
  onShutdown(listener: () => void): () => void {
    this.#shutdownListeners.add(listener);
    return () => this.#shutdownListeners.delete(listener);
  }

  /** Cuts off every push in flight, so their requests answer and the server can stop. */
  shutdown(): void {
    for (const listener of [...this.#shutdownListeners]) listener();
  }

  /** Registers a robot; registering the same body again makes another robot (spec 4.1). */
  registerRobot(enterpriseId: string, registration: Registration): Robot {
    const robot: Robot = {
      enterpriseId,
      robotId: String(this.nextId("robotId")),
      ...registration,
      timeouts: { blockingMs: 30_000, streamIdleMs: 60_000 },
      createTime: this.now,
    };
    this.state.robots.push(robot);
    this.emulator.events.publish({
      type: "state",
      change: "robot-registered",
      detail: { robotId: robot.robotId },
    });
    return robot;
  }

  /**
   * Registers an agent known only by its URL (the UI, scenarios, the conformance check) for the
   * first tenant: the URL's path is its Message interface.
   */
  registerAgentUrl(
    input: Omit<AddRobotInput, "name"> & { name: string; registeredFor?: string },
  ): Robot {
    const url = new URL(input.url);
    const robot = this.registerRobot(this.emulator.state.enterprises[0]?.enterpriseId ?? "0", {
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
        { type: "Message" as const, uri: url.pathname + url.search, httpMethod: "POST" as const },
      ],
      platform: input.platform,
    });
    if (input.registeredFor !== undefined) robot.registeredFor = input.registeredFor;
    return robot;
  }

  findRobot(robotId: string): Robot {
    const robot = this.state.robots.find((r) => r.robotId === robotId);
    if (!robot) {
      throw new ApiError(
        "ResourceNotFound",
        `No robot ${robotId}. Registered: ${
          this.state.robots.map((r) => r.robotId).join(", ") || "none"
        }.`,
        "robotId",
      );
    }
    return robot;
  }

  /** Removes a robot and its visitor sessions. */
  deleteRobot(robotId: string): void {
    this.findRobot(robotId);
    this.state.robots = this.state.robots.filter((r) => r.robotId !== robotId);
    this.state.sessions = this.state.sessions.filter((s) => s.robotId !== robotId);
    this.emulator.events.publish({ type: "state", change: "robot-deleted", detail: { robotId } });
  }

  deleteSession(sessionId: string): void {
    this.findSession(sessionId);
    this.state.sessions = this.state.sessions.filter((s) => s.sessionId !== sessionId);
    this.#queues.delete(sessionId);
    this.emulator.events.publish({ type: "gateway", change: "session-deleted", sessionId });
  }

  /**
   * Deletes every session (clearing one area, as the Firebase Emulator Suite clears one emulator's
   * data): each as `deleteSession` does, so the UI hears each go. Answers their ids, oldest first.
   */
  deleteAllSessions(): string[] {
    const ids = this.state.sessions.map((s) => s.sessionId);
    for (const id of ids) this.deleteSession(id);
    return ids;
  }

  findSession(sessionId: string): Session {
    const sessions = this.state.sessions;
    // Rebuilt when reset, import or deletion replaced the list, or a session was added.
    if (this.#indexed !== sessions || this.#sessionIndex.size !== sessions.length) {
      this.#sessionIndex = new Map(sessions.map((s) => [s.sessionId, s]));
      this.#indexed = sessions;
    }
    const session = this.#sessionIndex.get(sessionId);
    if (!session) throw new ApiError("ResourceNotFound", `No visitor session ${sessionId}.`);
    return session;
  }

  /** Runs `run` after every exchange queued before it on the session. */
  queued<T>(sessionId: string, run: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(sessionId) ?? Promise.resolve();
    const next = previous.then(run, run);
    this.#queues.set(sessionId, next.catch(() => {}));
    return next;
  }
}
