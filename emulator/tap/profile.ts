/**
 * The visitor profile behind a push's `inputs`: the reverse of the gateway's buildInputs, so that a
 * recording replayed as a scenario pushes the inputs the real gateway sent (the session's own ids,
 * `botId`, `userId` and `uniqueId`, are the replaying session's).
 */
import type { Json } from "../core/json.ts";
import type { Visitor } from "../gateway/schemas.ts";

/** Keys the profile's fields produce, or the session itself. */
const SESSION_KEYS = new Set(["botId", "userId", "uniqueId", "visitorId"]);

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

const isScalar = (value: unknown): value is string | number | boolean =>
  ["string", "number", "boolean"].includes(typeof value);

/** The visitor profile whose inputs are `inputs`; `sender` is the push's sender (or user). */
export function visitorFromInputs(inputs: Json, visitorId: string, sender: string): Visitor {
  const rest: Json = { ...inputs };
  const take = (key: string): string | undefined => {
    const value = nonEmpty(rest[key]);
    if (value !== undefined || rest[key] === "") delete rest[key];
    return value;
  };
  for (const key of SESSION_KEYS) delete rest[key];
  if (rest.provider === "thirdPart") delete rest.provider;
  const visitor: Visitor = visitorId ? { visitorId } : {};
  const name = take("visitorName");
  if (name) visitor.name = name;
  const channel = {
    id: take("channel_id"),
    name: take("channel_name"),
    appName: take("appName"),
    contactType: take("contactType"),
  };
  const given = Object.entries(channel).filter(([, value]) => value !== undefined);
  if (given.length) visitor.channel = Object.fromEntries(given);
  for (const field of ["province", "city", "customerId", "transferFailReason"] as const) {
    const value = take(`user_${field}`);
    if (value) visitor[field] = value;
  }
  if (typeof rest.timeslot === "boolean") {
    visitor.timeslot = rest.timeslot;
    delete rest.timeslot;
  }
  if (rest.groupChat === "true" || rest.groupChat === "false") {
    if (rest.groupChat === "true") {
      visitor.groupChat = true;
      if (sender && sender !== visitorId) visitor.sender = sender;
    }
    delete rest.groupChat;
  }
  const extra: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (!key.startsWith("user_") || !isScalar(value)) continue;
    extra[key.slice(5)] = value;
    delete rest[key];
  }
  if (Object.keys(extra).length) visitor.extra = extra;
  // Anything else goes on as given: that is what `interaction` does with its keys.
  if (Object.keys(rest).length) visitor.interaction = rest;
  return visitor;
}
