/**
 * `/_emulator/journal/{id}/curl`: an entry as a curl command. A signed API call is signed afresh,
 * with the same key and ccemu's clock, so it runs as is; what ccemu sent (a push, a callback)
 * goes to its own target with its own headers.
 */
import type { Emulator } from "../core/emulator.ts";
import type { JournalEntry } from "../core/journal-entry.ts";
import { curlCommand, plainCurl } from "../signed-api/curl.ts";
import { COMMON_PARAMETERS } from "../core/common-parameters.ts";
import { receivedUrl } from "./journal-entry.ts";

export function entryCurl(emulator: Emulator, entry: JournalEntry): string {
  const body = entry.body && !entry.body.truncated ? entry.body.text : undefined;
  if (entry.target) return plainCurl(entry.method, entry.target, entry.headers, body);
  // Signed afresh below, so the entry's own signing parameters are left out.
  const url = receivedUrl(entry, new URL(emulator.selfOrigin), COMMON_PARAMETERS);
  const key = entry.auth?.accessKeyId ? emulator.findKey(entry.auth.accessKeyId) : undefined;
  if (!key) return plainCurl(entry.method, url.href, {}, body);
  return curlCommand({
    method: entry.method,
    url: url.href,
    body,
    accessKeyId: key.accessKeyId,
    accessKeySecret: key.accessKeySecret,
    now: emulator.clock.now(),
  });
}
