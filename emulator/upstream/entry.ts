/** The recording proxy's journal entries: kind `upstream`, the exchange as the client saw it plus what went upstream. */
import type { JournalEntry } from "../core/journal-entry.ts";

/** What was forwarded and what came back, beside the client's side of an `upstream` entry. */
export interface UpstreamExchange {
  /** The upstream's `host[:port]`. */
  host: string;
  /** `METHOD /path`, e.g. `POST /gateway/robot_list`. */
  operation: string;
  /** The request as forwarded: its URL without `Signature`, method, and the headers ccemu set. */
  request: { method: string; url: string; headers: Record<string, string> };
  /**
   * The upstream's status and media type, or null when it gave no answer. Its body is the entry's
   * `response.body`: the client got the upstream's answer unchanged.
   */
  response: { status: number; contentType: string | null } | null;
  /** Real milliseconds from sending to the answer's last byte (or the failure). */
  latencyMs: number;
  /** Why no answer came: the UpstreamUnavailable message. */
  error?: string;
  /** Why the exchange is not in the `--record` file, when appending failed. */
  recordError?: string;
}

/**
 * A request the recording proxy forwarded. Its method, path, query, headers and body are the
 * client's, as an `exchange` entry has them, but for the value of its `Signature`, which reads
 * `(redacted)`; `response` is what the client got: the upstream's answer. `requestId` is the one
 * that answer carried (the upstream's), or ccemu's own when the upstream gave none.
 */
export interface UpstreamEntry extends JournalEntry {
  /** Always `upstream`. */
  kind: "upstream";
  /** What was forwarded and what came back. */
  upstream: UpstreamExchange;
}
