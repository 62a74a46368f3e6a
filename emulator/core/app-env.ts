/** The Hono environment every route shares: connection info in, per-request facts for the journal. */
import type { AuthDiagnostics, FaultMark } from "./journal-entry.ts";
import type { RequestTarget } from "./request-target.ts";

/** The Hono environment of ccemu's app: the server's bindings and the variables a request carries. */
export interface AppEnv {
  /** `Deno.serve`'s handler info; in-process tests pass `{ remoteAddr }` themselves. */
  Bindings: { remoteAddr?: { hostname: string } } | undefined;
  /** What a handler tells the journal about a request. */
  Variables: {
    requestId: string;
    /** The request URL's parts, read once by the journal middleware for everything after it. */
    target: RequestTarget;
    /**
     * The request headers as a plain object, read once by the journal middleware: a lookup in it
     * is a property read, where each `Headers.get` crosses into the runtime.
     */
    headers: Record<string, string>;
    auth?: AuthDiagnostics;
    /** The request body as text, once a handler has read it (so the journal need not read again). */
    bodyText?: string;
    /** The response body as text, when the handler serialized it (so the journal need not clone). */
    responseText?: string;
    /**
     * The response a handler built and its headers as a plain object: the journal copies these
     * rather than read them back, while that response is still the one sent.
     */
    answer?: { response: Response; headers: Record<string, string> };
    errorCode?: string;
    /** The fault rule that fired, for the journal. */
    fault?: FaultMark;
    /**
     * The entry's kind when it is not `exchange`, and the fields that kind adds: the recording
     * proxy's `upstream`. Read only by a journal middleware built to (`otherKinds`).
     */
    entryKind?: { kind: string; fields: Record<string, unknown> };
  };
}
