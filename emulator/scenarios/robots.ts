/**
 * The robot of a scenario, both ways: finding the one a scenario names in this ccemu (or
 * registering its agent), and naming a session's robot so that the saved scenario travels to
 * another ccemu. A robot id is one ccemu's own number, so a saved scenario never carries one, and
 * a scenario's robot that is not here is refused, never swapped for whichever robot has that id.
 */
import { ApiError } from "../core/errors.ts";
import type { Robot } from "../gateway/schemas.ts";
import type { GatewayStore } from "../gateway/store.ts";
import type { Scenario, ScenarioRobot } from "./schemas.ts";

const HOW_TO_NAME =
  'A scenario saved in another ccemu names its agent instead: give robot {"url", "platform", ' +
  '"openUrl", "token"} or {"name"}, or replay it against an agent with `ccemu replay --agent URL`.';

/** The robot with that id, unless ccemu registered it itself for a scenario or a check. */
function byId(gateway: GatewayStore, robotId: string): Robot {
  const robot = gateway.state.robots.find((r) => r.robotId === robotId);
  if (robot?.registeredFor !== undefined) {
    throw new ApiError(
      "ResourceNotFound",
      `robot ${robotId} is not a robot of this ccemu: ccemu registered it to run ${robot.registeredFor} (for ${robot.domain}). This scenario names a robot of the ccemu it was saved in. ${HOW_TO_NAME}`,
      "robot.robotId",
    );
  }
  if (!robot) {
    throw new ApiError(
      "ResourceNotFound",
      `No robot ${robotId}. Registered here: ${listed(gateway)}. ${HOW_TO_NAME}`,
      "robot.robotId",
    );
  }
  return robot;
}

/** The one robot registered under that name (not one ccemu registered for a scenario). */
function byName(gateway: GatewayStore, name: string): Robot {
  const named = gateway.state.robots.filter((r) => r.name === name && !r.registeredFor);
  if (named.length === 1) return named[0];
  if (named.length > 1) {
    throw new ApiError(
      "InvalidParameter",
      `robot.name: ${named.length} robots are named "${name}" (${
        named.map((r) => r.robotId).join(", ")
      }); rename all but one, or name the agent by its URL.`,
      "robot.name",
    );
  }
  throw new ApiError(
    "ResourceNotFound",
    `No robot named "${name}". Registered here: ${listed(gateway)}. ${HOW_TO_NAME}`,
    "robot.name",
  );
}

function listed(gateway: GatewayStore): string {
  const robots = gateway.state.robots.filter((r) => !r.registeredFor);
  return robots.map((r) => `${r.robotId} "${r.name}"`).join(", ") || "none";
}

type AgentRobot = Extract<ScenarioRobot, { url: string }>;

/** The robot id that pushes to exactly this agent: one already here, or one registered now. */
function forAgent(gateway: GatewayStore, scenario: Scenario, robot: AgentRobot): string {
  const { url, openUrl, platform, token } = robot;
  const message = new URL(url), open = openUrl ? new URL(openUrl) : undefined;
  if (open && open.origin !== message.origin) {
    throw new ApiError(
      "InvalidParameter",
      "robot.openUrl: the open interface must be on the same origin as the message interface (one domain).",
      "robot.openUrl",
    );
  }
  const openPath = open ? open.pathname + open.search : undefined;
  // Replaying the same scenario again reuses its robot rather than adding one per run.
  const same = gateway.state.robots.find((r) =>
    r.domain !== "self" && r.platform === platform &&
    (r.authEnabled ? r.authentication?.token : undefined) === token &&
    r.domain + uriOf(r, "Message") === message.href &&
    (r.domain + (uriOf(r, "Open") ?? "")) === (open ? open.href : r.domain)
  );
  if (same) return same.robotId;
  return gateway.registerAgentUrl({
    name: robot.name ?? `scenario: ${scenario.name}`,
    url,
    openPath,
    platform,
    token,
    registeredFor: `scenario "${scenario.name}"`,
  }).robotId;
}

const uriOf = (robot: Robot, type: "Message" | "Open") =>
  robot.pushConfigList.find((c) => c.type === type)?.uri;

/** The robot a scenario talks to; refused, saying why, when it is not in this ccemu. */
export function robotFor(gateway: GatewayStore, scenario: Scenario): string {
  const { robot } = scenario;
  if ("url" in robot) return forAgent(gateway, scenario, robot);
  if ("name" in robot) return byName(gateway, robot.name).robotId;
  return byId(gateway, robot.robotId).robotId;
}

/**
 * A robot as a saved scenario names it: ccemu's own sample agents (domain `self`, at whatever port
 * that ccemu has) by their name, every other robot by its agent's URLs, way and token.
 */
export function portableRobot(robot: Robot): ScenarioRobot {
  if (robot.domain === "self") return { name: robot.name };
  const open = uriOf(robot, "Open");
  return {
    ...(robot.registeredFor ? {} : { name: robot.name }),
    url: robot.domain + uriOf(robot, "Message"),
    platform: robot.platform,
    ...(open ? { openUrl: robot.domain + open } : {}),
    ...(robot.authEnabled && robot.authentication?.token !== undefined
      ? { token: robot.authentication.token }
      : {}),
  };
}
