/**
 * The control API, the storage host and the sample agents as the OpenAPI document lists them: a
 * summary each, and the body schema where the route takes one. A test checks this table against
 * the routes the app really serves, so neither can drift from the other.
 */
import type { z } from "zod";
import { AccessKeySchema } from "../core/tenants.ts";
import { AdvanceRequest, SetClockRequest } from "../control/clock-routes.ts";
import {
  AddRobotRequest,
  OpenSessionRequest,
  RobotSettingsRequest,
  SendMessageRequest,
} from "../gateway/schemas.ts";
import { ControlSearchRequest } from "../kb/schemas.ts";
import { AccountChange, LineChange } from "../outbound/schemas.ts";
import { ReplayRequest } from "../scenarios/schemas.ts";
import { ApiSendRequest } from "../control/api-routes.ts";

export interface DocumentedRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI form: `/_emulator/keys/{accessKeyId}`. */
  path: string;
  tag: "control" | "storage" | "sample agents";
  summary: string;
  body?: z.ZodType;
}

const C = "control" as const, S = "storage" as const, A = "sample agents" as const;

export const ROUTES: DocumentedRoute[] = [
  { method: "GET", path: "/_emulator/health", tag: C, summary: "Status, version, seed, clock." },
  { method: "POST", path: "/_emulator/reset", tag: C, summary: "Back to the fixtures." },
  { method: "GET", path: "/_emulator/snapshot", tag: C, summary: "The whole state as JSON." },
  { method: "POST", path: "/_emulator/snapshot", tag: C, summary: "Import a snapshot." },
  { method: "GET", path: "/_emulator/keys", tag: C, summary: "Access keys, without secrets." },
  {
    method: "POST",
    path: "/_emulator/keys",
    tag: C,
    summary: "Add an access key.",
    body: AccessKeySchema,
  },
  {
    method: "DELETE",
    path: "/_emulator/keys/{accessKeyId}",
    tag: C,
    summary: "Remove an access key.",
  },
  {
    method: "GET",
    path: "/_emulator/schemas",
    tag: C,
    summary: "JSON Schemas: snapshot, key, scenario, every operation's parameters.",
  },
  {
    method: "GET",
    path: "/_emulator/openapi.json",
    tag: C,
    summary: "This document.",
  },
  { method: "GET", path: "/_emulator/clock", tag: C, summary: "The virtual clock." },
  {
    method: "POST",
    path: "/_emulator/clock",
    tag: C,
    summary: "Set the clock's mode or time.",
    body: SetClockRequest,
  },
  {
    method: "POST",
    path: "/_emulator/clock/advance",
    tag: C,
    summary: "Move time forward, firing due timers.",
    body: AdvanceRequest,
  },
  { method: "GET", path: "/_emulator/journal", tag: C, summary: "Journal entries, filtered." },
  { method: "GET", path: "/_emulator/journal/{id}", tag: C, summary: "One journal entry." },
  {
    method: "GET",
    path: "/_emulator/journal/{id}/curl",
    tag: C,
    summary: "The entry as a curl command, signed afresh.",
  },
  { method: "DELETE", path: "/_emulator/journal", tag: C, summary: "Clear the journal." },
  {
    method: "GET",
    path: "/_emulator/events",
    tag: C,
    summary: "Live events (server-sent): journal entries, state changes, visitor sessions.",
  },
  {
    method: "POST",
    path: "/_emulator/api/send",
    tag: C,
    summary: "Sign a request with a tenant's key and send it to this ccemu (the UI's API view).",
    body: ApiSendRequest,
  },
  {
    method: "GET",
    path: "/_emulator/outbound/accounts/{enterpriseId}",
    tag: C,
    summary: "A tenant's AI seats, AI expiry and SMS balance.",
  },
  {
    method: "PATCH",
    path: "/_emulator/outbound/accounts/{enterpriseId}",
    tag: C,
    summary: "Change them; running tasks react at once.",
    body: AccountChange,
  },
  { method: "GET", path: "/_emulator/outbound/tasks", tag: C, summary: "Every task." },
  {
    method: "GET",
    path: "/_emulator/outbound/tasks/{callJobId}/calls",
    tag: C,
    summary: "A task's calls.",
  },
  {
    method: "GET",
    path: "/_emulator/outbound/calls/{callInstanceId}",
    tag: C,
    summary: "One call's detail.",
  },
  {
    method: "POST",
    path: "/_emulator/outbound/advance-until-idle",
    tag: C,
    summary: "Move the clock until no task has calls to make (30 days at most).",
  },
  {
    method: "PATCH",
    path: "/_emulator/outbound/lines/{userPhoneId}",
    tag: C,
    summary: "Switch a line, or set its balance.",
    body: LineChange,
  },
  {
    method: "GET",
    path: "/_emulator/kb/repositories",
    tag: C,
    summary: "Repositories, as the first full key sees them.",
  },
  { method: "GET", path: "/_emulator/kb/tree", tag: C, summary: "A repository's directory tree." },
  { method: "GET", path: "/_emulator/kb/items", tag: C, summary: "A repository's entries." },
  {
    method: "POST",
    path: "/_emulator/kb/search",
    tag: C,
    summary: "Search the knowledge base.",
    body: ControlSearchRequest,
  },
  { method: "GET", path: "/_emulator/gateway/robots", tag: C, summary: "Registered robots." },
  {
    method: "POST",
    path: "/_emulator/gateway/robots",
    tag: C,
    summary: "Add an agent by its URL.",
    body: AddRobotRequest,
  },
  { method: "GET", path: "/_emulator/gateway/robots/{robotId}", tag: C, summary: "One robot." },
  {
    method: "PATCH",
    path: "/_emulator/gateway/robots/{robotId}",
    tag: C,
    summary: "A robot's time-outs.",
    body: RobotSettingsRequest,
  },
  {
    method: "DELETE",
    path: "/_emulator/gateway/robots/{robotId}",
    tag: C,
    summary: "Remove a robot and its sessions.",
  },
  {
    method: "POST",
    path: "/_emulator/gateway/sessions",
    tag: C,
    summary: "Open a visitor session (the open-session call goes out first).",
    body: OpenSessionRequest,
  },
  { method: "GET", path: "/_emulator/gateway/sessions", tag: C, summary: "Visitor sessions." },
  {
    method: "GET",
    path: "/_emulator/gateway/sessions/{sessionId}",
    tag: C,
    summary: "One session with its history.",
  },
  {
    method: "POST",
    path: "/_emulator/gateway/sessions/{sessionId}/messages",
    tag: C,
    summary: "Send a visitor message and wait for the agent's reply.",
    body: SendMessageRequest,
  },
  {
    method: "GET",
    path: "/_emulator/gateway/sessions/{sessionId}/scenario",
    tag: C,
    summary: "The session recorded as a scenario.",
  },
  { method: "GET", path: "/_emulator/scenarios", tag: C, summary: "The shipped scenarios." },
  { method: "GET", path: "/_emulator/scenarios/{name}", tag: C, summary: "One scenario." },
  {
    method: "POST",
    path: "/_emulator/scenarios/replay",
    tag: C,
    summary: "Replay a scenario, shipped or sent.",
    body: ReplayRequest,
  },
  {
    method: "PUT",
    path: "/_storage/uploads/{fileKey}",
    tag: S,
    summary: "Upload a document's bytes to a pre-signed address (Content-Length required).",
  },
  {
    method: "POST",
    path: "/_storage/forms",
    tag: S,
    summary: "Upload an attachment with the form signature_for_upload signed.",
  },
  {
    method: "GET",
    path: "/_storage/objects/{key}",
    tag: S,
    summary: "Download stored bytes through a signed, expiring media link.",
  },
  {
    method: "GET",
    path: "/_storage/media/{key}/{fileName}",
    tag: S,
    summary: "A visitor's image, as agents fetch it.",
  },
  {
    method: "GET",
    path: "/_storage/recordings/{file}",
    tag: S,
    summary: "An answered call's recording (WAV).",
  },
  {
    method: "POST",
    path: "/_emulator/sample-agents/default/open",
    tag: A,
    summary: "The default-way sample agent's open-session interface.",
  },
  {
    method: "POST",
    path: "/_emulator/sample-agents/default/message",
    tag: A,
    summary: "The default-way sample agent's message interface.",
  },
  {
    method: "GET",
    path: "/_emulator/sample-agents/default/assets/{name}",
    tag: A,
    summary: "Images and files the default-way sample agent sends.",
  },
  {
    method: "POST",
    path: "/_emulator/sample-agents/platform-a/v1/chat-messages",
    tag: A,
    summary: "The platform-A sample agent (Dify-style chat-messages).",
  },
  {
    method: "GET",
    path: "/_emulator/sample-agents/platform-a/assets/{name}",
    tag: A,
    summary: "Files the platform-A sample agent links.",
  },
];
