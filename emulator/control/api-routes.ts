/**
 * `/_emulator/api/send`: signs a request with one of the tenant's access keys, exactly as the
 * vendor's SDK would, sends it to this ccemu, and answers what came back with the string-to-sign,
 * the journal entry, and the request as curl and as Java. What the UI's API view sends through,
 * since a browser holds no secret.
 */
import { z } from "npm:zod@4.6.7";
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import { curlCommand, javaSnippet } from "../signed-api/curl.ts";
import { queryPairs, signUrl } from "../signed-api/signature.ts";
import { controlRoutes } from "./documented.ts";

export const ApiSendRequest = z.strictObject({
  operation: z.string().regex(/^(GET|POST) \/[\w/]+$/, {
    error: 'an operation as "POST /gateway/task_create"',
  }),
  params: z.record(z.string(), z.unknown()).default(() => ({})),
  query: z.record(z.string(), z.string()).optional(),
  accessKeyId: z.string().min(1),
});

export function apiRoutes(emulator: Emulator) {
  return controlRoutes().post(
    "/api/send",
    {
      summary: "Sign a request with a tenant's key and send it to this ccemu (the UI's API view).",
      body: ApiSendRequest,
      limit: 1024 * 1024,
    },
    async (c, input) => c.json(await sendSigned(emulator, await input.body())),
  ).hono;
}

/** Signs the operation with the key named, sends it to this ccemu, and answers what came back. */
async function sendSigned(emulator: Emulator, input: z.infer<typeof ApiSendRequest>) {
  const key = emulator.findKey(input.accessKeyId);
  if (!key) {
    throw new ApiError("ResourceNotFound", `accessKeyId: no access key ${input.accessKeyId}.`);
  }
  const [method, path] = input.operation.split(" ");
  const url = new URL(path, emulator.selfOrigin);
  const business = method === "GET" ? input.params : input.query ?? {};
  for (const [name, value] of queryPairs(business)) url.searchParams.append(name, value);
  const body = method === "POST" ? JSON.stringify(input.params) : undefined;
  const now = emulator.clock.now();
  const signing = { accessKeyId: key.accessKeyId, accessKeySecret: key.accessKeySecret, now };
  const signed = signUrl({ method, url: url.href, ...signing });
  const response = await fetch(signed.url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json; charset=UTF-8" },
    body,
  });
  // Every operation answers a JSON object (its fields, or the vendor's error).
  const answer: Record<string, unknown> = await response.json();
  const entry = typeof answer?.requestId === "string"
    ? emulator.journal.list({ requestId: answer.requestId }).at(-1)
    : undefined;
  return {
    status: response.status,
    body: answer,
    url: signed.url,
    stringToSign: signed.stringToSign,
    journalId: entry?.id ?? null,
    curl: curlCommand({ method, url: url.href, body, ...signing }),
    java: javaSnippet(method, signed.url, body),
  };
}

/** What `/_emulator/api/send` answers: the UI's API view shows it. */
export type SentAnswer = Awaited<ReturnType<typeof sendSigned>>;
