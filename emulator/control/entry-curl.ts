/**
 * `/_emulator/journal/{id}/curl`: an entry as a curl command. A signed API call is signed afresh,
 * with the same key and ccemu's clock, so it runs as is; what ccemu sent (a push, a callback)
 * goes to its own target with its own headers.
 */
import type { Emulator } from "../core/emulator.ts";
import type { JournalEntry } from "../core/journal.ts";
import { curlCommand, plainCurl } from "../signed-api/curl.ts";

const SIGNATURE_PARAMETERS = ["AccessKeyId", "Expires", "Timestamp", "Signature"];

export function entryCurl(emulator: Emulator, entry: JournalEntry): string {
  const body = entry.body && !entry.body.truncated ? entry.body.text : undefined;
  if (entry.target) return plainCurl(entry.method, entry.target, entry.headers, body);
  const url = new URL(entry.path, emulator.selfOrigin);
  for (const [name, value] of Object.entries(entry.query)) {
    if (SIGNATURE_PARAMETERS.includes(name)) continue;
    for (const v of [value].flat()) url.searchParams.append(name, v);
  }
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
