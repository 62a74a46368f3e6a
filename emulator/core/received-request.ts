/**
 * What the signed path reads of a request, in a file of its own so that the signed call
 * (signed-call.ts) and node:http's request (node-request.ts) both name it without importing each
 * other.
 */
import type { NameValueList } from "./name-value-list.ts";

/** What the signed path reads of a request: a web `Request` has it all; a NodeRequest too. */
export type ReceivedRequest =
  & Pick<Request, "method" | "url" | "headers" | "body" | "bodyUsed" | "text" | "arrayBuffer">
  & {
    /** The headers as `Headers.forEach` gives them (name, value, name, value…), when at hand. */
    headerList?(): NameValueList;
  };
