/** The Hono environment every route shares: connection info in, per-request facts for the journal. */
import type { AuthDiagnostics } from "./journal.ts";

export interface AppEnv {
  /** `Deno.serve`'s handler info; tests calling `app.request` pass `{ remoteAddr }` themselves. */
  Bindings: { remoteAddr?: { hostname: string } } | undefined;
  Variables: {
    requestId: string;
    auth?: AuthDiagnostics;
    /** The request body as text, once a handler has read it (so the journal need not read again). */
    bodyText?: string;
    errorCode?: string;
  };
}
