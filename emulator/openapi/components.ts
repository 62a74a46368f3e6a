/**
 * What the document says once and refers to: the tags, the signature as a security scheme and its
 * three query parameters, and the vendor's error envelope as one response per HTTP status.
 */
import { ERROR_STATUS } from "../core/errors.ts";
import type { Json } from "./json-schema.ts";

const SIGNATURE =
  `Every signed operation carries four query parameters: \`AccessKeyId\`, \`Expires\`
(seconds, 1 to 86400), \`Timestamp\` (UTC, \`yyyy-MM-ddTHH:mm:ssZ\`) and \`Signature\`. The
string-to-sign is the HTTP method, the host (without its port, as the vendor's SDK signs), the
path (without a trailing slash), \`?\`, and the parameters sorted by their encoded names and
joined as \`name=value\` with \`&\` (for GET every query parameter but \`Signature\`, arrays as
\`name[i]\`; for POST only the three common ones, the body is not signed). Names and values are
encoded as Java's URLEncoder does. \`Signature\` = URL-encode(base64(HMAC-SHA1(AccessKeySecret,
string-to-sign))). \`ccemu sign METHOD URL --body JSON\` prints a signed curl command; a refused
signature's message shows the string-to-sign ccemu expected.`;

export const TAGS = [
  { name: "outbound", description: "Outbound AI calling (document 2): scripts, tasks, calls." },
  { name: "kb", description: "The knowledge base (document 3), under /aikb." },
  { name: "gateway", description: "The robot gateway (document 1): agent registration." },
  { name: "control", description: "ccemu's own control API: clock, journal, state, sessions." },
  { name: "storage", description: "ccemu's storage host: uploads and media links." },
  { name: "sample agents", description: "Reference agents ccemu serves itself." },
];

const ERROR_ENVELOPE = {
  type: "object",
  description:
    "Every failure, signed or control: requestId and error { code, message }; the message names the field and says how to fix it.",
  properties: {
    requestId: { type: "string" },
    error: {
      type: "object",
      properties: {
        code: { type: "string", enum: Object.keys(ERROR_STATUS) },
        message: { type: "string" },
      },
      required: ["code", "message"],
    },
  },
  required: ["requestId", "error"],
};

const SIGNATURE_PARAMETERS = {
  Expires: {
    name: "Expires",
    in: "query",
    required: true,
    description: "Seconds the signature stays valid after Timestamp, 1 to 86400.",
    schema: { type: "string", pattern: "^\\d{1,5}$" },
  },
  Timestamp: {
    name: "Timestamp",
    in: "query",
    required: true,
    description: "Signing time, UTC, yyyy-MM-ddTHH:mm:ssZ.",
    schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$" },
  },
  Signature: {
    name: "Signature",
    in: "query",
    required: true,
    description: "URL-encode(base64(HMAC-SHA1(AccessKeySecret, string-to-sign))).",
    schema: { type: "string" },
  },
};

/** `Error400`, `Error403`…: the envelope, naming the codes answered with that status. */
function errorResponses(): Json {
  return Object.fromEntries(
    [...new Set(Object.values(ERROR_STATUS))].map((status) => [
      `Error${status}`,
      {
        description: `Failure: ${
          Object.entries(ERROR_STATUS).filter(([, s]) => s === status).map(([code]) => code)
            .join(", ")
        }.`,
        content: {
          "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } },
        },
      },
    ]),
  );
}

/** The components, after the schemas the paths lifted (`lifted`). */
export function componentsOf(lifted: Json): Json {
  return {
    schemas: { ...lifted, ErrorEnvelope: ERROR_ENVELOPE },
    parameters: SIGNATURE_PARAMETERS,
    responses: errorResponses(),
    securitySchemes: {
      signature: { type: "apiKey", in: "query", name: "AccessKeyId", description: SIGNATURE },
    },
  };
}
