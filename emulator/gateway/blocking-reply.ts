/** A blocking reply (spec part 5): the default way's envelope, or platform A's `answer`. */
import { JsonTooDeep, parseJson } from "../core/json.ts";
import { platformADelivery } from "./platform-a-stream.ts";
import { type Delivery, emptyDelivery, readEnvelope } from "./replies.ts";
import type { Robot } from "./schemas.ts";
import type { AgentError } from "./streams.ts";

/** A blocking reply body, read the robot's way. */
export function readBlocking(
  robot: Robot,
  text: string,
): { delivery: Delivery; error: AgentError | null } {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    const deep = error instanceof JsonTooDeep;
    const delivery = emptyDelivery();
    delivery.findings.push({
      path: deep && error.path ? `$.${error.path}` : "$",
      severity: "error",
      message: deep ? error.message : "the reply is not JSON",
    });
    return {
      delivery,
      error: {
        code: "AgentInvalidReply",
        message: deep
          ? `The agent's reply is nested deeper than ${error.limit} levels (at ${
            error.path || "the top"
          }).`
          : `The agent's reply is not JSON: ${text.slice(0, 120)}`,
      },
    };
  }
  if (robot.platform === "Default") return { delivery: readEnvelope(json), error: null };
  const body = (json ?? {}) as Record<string, unknown>;
  const findings: Delivery["findings"] = [];
  if (typeof body.answer !== "string") {
    findings.push({
      path: "$.answer",
      severity: "error",
      message: "expected the complete reply text in answer",
    });
  }
  if (body.event !== undefined && body.event !== "message") {
    findings.push({
      path: "$.event",
      severity: "warning",
      message: `event is ${JSON.stringify(body.event)}; a blocking reply carries "message"`,
    });
  }
  const delivery = platformADelivery(
    typeof body.answer === "string" ? body.answer : "",
    typeof body.message_id === "string" ? body.message_id : null,
    findings,
  );
  if (typeof body.conversation_id === "string" && body.conversation_id) {
    delivery.conversationId = body.conversation_id;
  }
  return { delivery, error: null };
}
