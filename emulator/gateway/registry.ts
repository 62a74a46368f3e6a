/** Registered robots: registration (spec 4.1), lookup, removal. Pure operations on the state. */
import { ApiError } from "../signed-api/errors.ts";
import { nextId, type State } from "../state.ts";
import type { Registration, Robot } from "./schemas.ts";

/** Registers a robot; registering the same body again makes another robot (spec 4.1). */
export function registerRobot(
  state: State,
  enterpriseId: string,
  registration: Registration,
  now: number,
): Robot {
  const robot: Robot = {
    enterpriseId,
    robotId: String(nextId(state, "robotId")),
    ...registration,
    timeouts: { blockingMs: 30_000, streamIdleMs: 60_000 },
    createTime: now,
  };
  state.gateway.robots.push(robot);
  return robot;
}

export function findRobot(state: State, robotId: string): Robot {
  const robot = state.gateway.robots.find((r) => r.robotId === robotId);
  if (!robot) {
    throw new ApiError(
      "ResourceNotFound",
      `No robot ${robotId}. Registered: ${
        state.gateway.robots.map((r) => r.robotId).join(", ") || "none"
      }.`,
      "robotId",
    );
  }
  return robot;
}

/** Removes a robot and its visitor sessions. */
export function deleteRobot(state: State, robotId: string): void {
  findRobot(state, robotId);
  state.gateway.robots = state.gateway.robots.filter((r) => r.robotId !== robotId);
  state.gateway.sessions = state.gateway.sessions.filter((s) => s.robotId !== robotId);
}
