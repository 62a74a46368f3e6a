/**
 * What went wrong with a push, as the visitor's side reports it: the agent's faults (unreachable,
 * unknown host, too slow, too large) and ccemu's own shutdown. ccemu's own bugs are never among
 * them: they are thrown as EmulatorFault and answered as InternalError.
 */
import type { AgentError } from "./streams.ts";

/** ccemu failed while reading a reply: its bug, to be answered as InternalError, not the agent's. */
export class EmulatorFault extends Error {
  constructor(readonly fault: unknown) {
    super(`ccemu failed while reading the reply: ${(fault as Error)?.message ?? fault}`);
  }
}

/** Runs ccemu's own reading of a reply, marking a failure as ccemu's. */
export function asEmulatorWork<T>(work: () => T): T {
  try {
    return work();
  } catch (fault) {
    throw fault instanceof EmulatorFault ? fault : new EmulatorFault(fault);
  }
}

/** Why a push was cut off, when it was: the time limit of its kind, the deadline, or shutdown. */
export type Cutoff = "limit" | "deadline" | "shutdown";

/** A failed fetch or body read, named for the visitor. */
export function fetchError(
  error: unknown,
  url: string,
  cutoff: { reason: Cutoff | null; limitMs: number; deadlineMs: number },
): AgentError {
  if (cutoff.reason === "shutdown") {
    return {
      code: "EmulatorShuttingDown",
      message: `ccemu is shutting down: the push to ${url} was cut off.`,
    };
  }
  if (cutoff.reason === "deadline") {
    return {
      code: "AgentTimeout",
      message: `The push to ${url} did not finish within its deadline of ${cutoff.deadlineMs} ms.`,
    };
  }
  const name = (error as Error)?.name;
  if (cutoff.reason === "limit" || name === "TimeoutError" || name === "AbortError") {
    return {
      code: "AgentTimeout",
      message: `The agent at ${url} did not answer within ${cutoff.limitMs} ms.`,
    };
  }
  // Deno says "fetch failed"; what failed is in the cause.
  const text = `${(error as Error)?.message ?? error} ${
    (error as { cause?: unknown })?.cause ?? ""
  }`;
  if (/dns|lookup|resolve|name or service/i.test(text)) {
    return { code: "AgentUnknownHost", message: `The agent's host in ${url} cannot be resolved.` };
  }
  if (/refused/i.test(text)) {
    return {
      code: "AgentUnreachable",
      message: `Connection refused by ${url}: is the agent running?`,
    };
  }
  return { code: "AgentUnreachable", message: `The push to ${url} failed: ${text}` };
}

export function tooLarge(url: string, limit: number): AgentError {
  return {
    code: "AgentReplyTooLarge",
    message:
      `The reply from ${url} passed the push byte budget of ${limit} bytes; the rest was not read.`,
  };
}

export const INVALID_UTF8 = {
  path: "$",
  severity: "error" as const,
  message: "the reply is not valid UTF-8: the bad bytes were read as U+FFFD",
};
