/**
 * Expectations on any part of a reply: a JSONPath (json-path.ts's subset: `.name`, `["name"]`,
 * `[3]`, `[*]`) on the raw reply or on each delivered message, and what the values it selects
 * must hold. The raw reply is read back from the push's journal entry, so it is what the agent
 * sent, before ccemu read it the robot's way.
 */
import type { PushEntry } from "../gateway/schemas.ts";
import type { GatewayStore } from "../gateway/store.ts";
import type { AgentTurn } from "../gateway/sessions.ts";
import { parsePath, type PatternStep } from "../parity/json-path.ts";
import type { PathExpectation } from "./schemas.ts";

/** A raw reply, or why there is none to look into. */
export type RawReply = { value: unknown } | { missing: string };

/** Parsed JSON, or the text itself when it is not JSON. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The reply the agent sent for a push: a body read whole (a blocking reply, or JSON where a stream
 * was asked for) parsed as JSON, or its text when not JSON; a stream as its events,
 * `[{event, data}]`, each event's data parsed the same way.
 */
export function rawReply(gateway: GatewayStore, journalId: number): RawReply {
  const entry = gateway.emulator.journal.get(journalId) as PushEntry | undefined;
  if (!entry) return { missing: `the journal no longer holds push ${journalId}` };
  const body = entry.response.body;
  if (body?.truncated) {
    return {
      missing: `the reply (${body.size} bytes) is longer than the 64 KiB the journal keeps`,
    };
  }
  if (body) return { value: jsonOrText(body.text) };
  if (entry.push.events.some((e) => e.dataCut)) {
    return { missing: "the stream is longer than the 64 KiB of event data the journal keeps" };
  }
  if (entry.push.events.length) {
    return {
      value: entry.push.events.map(({ event, data }) => ({
        event,
        data: data === null ? null : jsonOrText(data),
      })),
    };
  }
  return { missing: `no reply came (${entry.response.status ? "an empty body" : "no answer"})` };
}

/** Every value the pattern selects in `root`, in document order. */
export function selectPath(root: unknown, path: string): unknown[] {
  let values = [root];
  for (const step of parsePath(path)) values = values.flatMap((v) => stepInto(v, step));
  return values;
}

function stepInto(value: unknown, step: PatternStep): unknown[] {
  if (value === null || typeof value !== "object") return [];
  if ("any" in step) return Object.values(value);
  if ("index" in step) {
    return Array.isArray(value) && step.index < value.length ? [value[step.index]] : [];
  }
  return !Array.isArray(value) && Object.hasOwn(value, step.name)
    ? [(value as Record<string, unknown>)[step.name]]
    : [];
}

/** A value as text for `contains` and `matches`: a string as it is, anything else as JSON. */
const asText = (value: unknown) => typeof value === "string" ? value : JSON.stringify(value);
const show = (value: unknown) => JSON.stringify(value)?.slice(0, 160) ?? "undefined";
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The sentences of what the values at a path do not hold (none when all of it holds). */
function pathFailures(where: string, values: unknown[], want: PathExpectation): string[] {
  const got = values.length ? values.map(show).join(", ") : "nothing there";
  const failures: string[] = [];
  const none = (test: (v: unknown) => boolean) => !values.some(test);
  if (want.exists === true && !values.length) {
    failures.push(`expected ${where} to exist; it does not`);
  }
  if (want.exists === false && values.length) {
    failures.push(`expected nothing at ${where}; found ${got}`);
  }
  if ("equals" in want && none((v) => sameJson(v, want.equals))) {
    failures.push(`expected ${where} to equal ${show(want.equals)}; got ${got}`);
  }
  if (want.oneOf && none((v) => want.oneOf!.some((o) => sameJson(v, o)))) {
    failures.push(`expected ${where} to be one of ${want.oneOf.map(show).join(", ")}; got ${got}`);
  }
  if (want.contains !== undefined && none((v) => asText(v).includes(want.contains!))) {
    failures.push(`expected ${where} to contain "${want.contains}"; got ${got}`);
  }
  if (want.matches !== undefined && none((v) => new RegExp(want.matches!).test(asText(v)))) {
    failures.push(`expected ${where} to match /${want.matches}/; got ${got}`);
  }
  const breaking = (test: (v: unknown) => boolean) => values.filter(test).map(show).join(", ");
  if (want.notContains !== undefined) {
    const found = breaking((v) => asText(v).includes(want.notContains!));
    if (found) {
      failures.push(`expected ${where} not to contain "${want.notContains}"; got ${found}`);
    }
  }
  if (want.notMatches !== undefined) {
    const found = breaking((v) => new RegExp(want.notMatches!).test(asText(v)));
    if (found) failures.push(`expected ${where} not to match /${want.notMatches}/; got ${found}`);
  }
  return failures;
}

/** `reply`: each path on the raw reply. */
export function replyPathFailures(
  paths: Record<string, PathExpectation> | undefined,
  raw: RawReply | null,
): string[] {
  if (!paths) return [];
  const entries = Object.entries(paths);
  if (raw && "missing" in raw) {
    return entries.map(([path]) => `cannot check the reply at ${path}: ${raw.missing}`);
  }
  return entries.flatMap(([path, want]) =>
    pathFailures(`the reply at ${path}`, selectPath(raw?.value, path), want)
  );
}

/** The values at a path in every delivered message, in order. */
const inMessages = (exchange: AgentTurn, path: string) =>
  exchange.messages.flatMap((message) => selectPath(message, path));

/** `messages`: each path on every delivered message (what one message holds is enough). */
export function messagePathFailures(
  paths: Record<string, PathExpectation> | undefined,
  exchange: AgentTurn,
): string[] {
  return Object.entries(paths ?? {}).flatMap(([path, want]) =>
    pathFailures(`a message's ${path}`, inMessages(exchange, path), want)
  );
}

/** What each path selected, for the report's expected-against-got view. */
export function observedReply(
  paths: Record<string, PathExpectation> | undefined,
  raw: RawReply | null,
): Record<string, unknown> {
  if (raw && "missing" in raw) return { missing: raw.missing };
  return Object.fromEntries(
    Object.keys(paths ?? {}).map((path) => [path, selectPath(raw?.value, path)]),
  );
}

/** What each path selected in the delivered messages. */
export function observedMessages(
  paths: Record<string, PathExpectation> | undefined,
  exchange: AgentTurn,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(paths ?? {}).map((path) => [path, inMessages(exchange, path)]),
  );
}
