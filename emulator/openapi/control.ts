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
import { TranscriptSchema } from "../gateway/transcripts.ts";
import { ControlSearchRequest } from "../kb/schemas.ts";
import { AccountChange, CallbackUrlChange, LineChange } from "../outbound/schemas.ts";
import { ReplayRequest } from "../scenarios/schemas.ts";
import { ApiSendRequest } from "../control/api-routes.ts";
import { FaultRuleInput } from "../faults/schemas.ts";
import { CreateInstanceRequest } from "../instances/routes.ts";
import { SAMPLE_AGENTS_PATH } from "../sample-agents/mod.ts";

export interface DocumentedRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI form: `/_emulator/keys/{accessKeyId}`. */
  path: string;
  summary: string;
  body?: z.ZodType;
}

/** A route's tag, from where it lives. */
export function tagOf(path: string): "control" | "storage" | "sample agents" {
  if (path.startsWith("/_storage/")) return "storage";
  return path.startsWith(`${SAMPLE_AGENTS_PATH}/`) ? "sample agents" : "control";
}

export const ROUTES: DocumentedRoute[] = [
  { method: "GET", path: "/_emulator/health", summary: "Status, version, seed, clock." },
  { method: "POST", path: "/_emulator/reset", summary: "Back to the fixtures." },
  { method: "GET", path: "/_emulator/snapshot", summary: "The whole state as JSON." },
  { method: "POST", path: "/_emulator/snapshot", summary: "Import a snapshot." },
  { method: "GET", path: "/_emulator/keys", summary: "Access keys, without secrets." },
  {
    method: "POST",
    path: "/_emulator/keys",
    summary: "Add an access key.",
    body: AccessKeySchema,
  },
  {
    method: "DELETE",
    path: "/_emulator/keys/{accessKeyId}",
    summary: "Remove an access key.",
  },
  {
    method: "GET",
    path: "/_emulator/schemas",
    summary: "JSON Schemas: snapshot, key, scenario, every operation's parameters.",
  },
  {
    method: "GET",
    path: "/_emulator/openapi.json",
    summary: "This document.",
  },
  {
    method: "POST",
    path: "/_emulator/instances",
    summary:
      "Start a further emulator in this process, on a port of its own (the process's own emulator only).",
    body: CreateInstanceRequest,
  },
  { method: "GET", path: "/_emulator/instances", summary: "The instances open, with their keys." },
  {
    method: "DELETE",
    path: "/_emulator/instances/{id}",
    summary: "Close an instance and its port.",
  },
  { method: "GET", path: "/_emulator/clock", summary: "The virtual clock." },
  {
    method: "POST",
    path: "/_emulator/clock",
    summary: "Set the clock's mode or time.",
    body: SetClockRequest,
  },
  {
    method: "POST",
    path: "/_emulator/clock/advance",
    summary: "Move time forward, firing due timers.",
    body: AdvanceRequest,
  },
  { method: "GET", path: "/_emulator/journal", summary: "Journal entries, filtered." },
  {
    method: "GET",
    path: "/_emulator/journal/har",
    summary:
      "The journal as a HAR 1.2 file (a download), with the same filters as /_emulator/journal.",
  },
  { method: "GET", path: "/_emulator/journal/{id}", summary: "One journal entry." },
  {
    method: "GET",
    path: "/_emulator/journal/{id}/curl",
    summary: "The entry as a curl command, signed afresh.",
  },
  { method: "DELETE", path: "/_emulator/journal", summary: "Clear the journal." },
  {
    method: "GET",
    path: "/_emulator/events",
    summary: "Live events (server-sent): journal entries, state changes, visitor sessions.",
  },
  {
    method: "GET",
    path: "/_emulator/overview",
    summary:
      "Everything at a glance: counts per area, clock, keys (no secrets), fault rules, newest errors and findings.",
  },
  {
    method: "POST",
    path: "/_emulator/api/send",
    summary: "Sign a request with a tenant's key and send it to this ccemu (the UI's API view).",
    body: ApiSendRequest,
  },
  {
    method: "GET",
    path: "/_emulator/outbound/accounts/{enterpriseId}",
    summary: "A tenant's AI seats, AI expiry and SMS balance.",
  },
  {
    method: "PATCH",
    path: "/_emulator/outbound/accounts/{enterpriseId}",
    summary: "Change them; running tasks react at once.",
    body: AccountChange,
  },
  {
    method: "GET",
    path: "/_emulator/outbound/tasks",
    summary: "Every task, with why it waits and its outcomes by finish status.",
  },
  {
    method: "GET",
    path: "/_emulator/outbound/resources",
    summary: "Each tenant's scripts (with variables) and lines.",
  },
  {
    method: "GET",
    path: "/_emulator/outbound/tasks/{callJobId}/calls",
    summary: "A task's calls.",
  },
  {
    method: "GET",
    path: "/_emulator/outbound/calls/{callInstanceId}",
    summary: "One call's detail.",
  },
  {
    method: "POST",
    path: "/_emulator/outbound/advance-until-idle",
    summary: "Move the clock until no task has calls to make (30 days at most).",
  },
  {
    method: "PATCH",
    path: "/_emulator/outbound/lines/{userPhoneId}",
    summary: "Switch a line, or set its balance.",
    body: LineChange,
  },
  {
    method: "GET",
    path: "/_emulator/kb/repositories",
    summary: "Repositories, as the first full key sees them.",
  },
  { method: "GET", path: "/_emulator/kb/tree", summary: "A repository's directory tree." },
  {
    method: "GET",
    path: "/_emulator/kb/items",
    summary: "A repository's entries, documents and recycle bin (with days left).",
  },
  {
    method: "POST",
    path: "/_emulator/kb/search",
    summary: "Search the knowledge base.",
    body: ControlSearchRequest,
  },
  { method: "GET", path: "/_emulator/gateway/robots", summary: "Registered robots." },
  {
    method: "POST",
    path: "/_emulator/gateway/robots",
    summary: "Add an agent by its URL.",
    body: AddRobotRequest,
  },
  { method: "GET", path: "/_emulator/gateway/robots/{robotId}", summary: "One robot." },
  {
    method: "PATCH",
    path: "/_emulator/gateway/robots/{robotId}",
    summary: "A robot's time-outs.",
    body: RobotSettingsRequest,
  },
  {
    method: "DELETE",
    path: "/_emulator/gateway/robots/{robotId}",
    summary: "Remove a robot and its sessions.",
  },
  {
    method: "POST",
    path: "/_emulator/gateway/sessions",
    summary: "Open a visitor session (the open-session call goes out first).",
    body: OpenSessionRequest,
  },
  { method: "GET", path: "/_emulator/gateway/sessions", summary: "Visitor sessions." },
  {
    method: "GET",
    path: "/_emulator/gateway/sessions/{sessionId}",
    summary: "One session with its history.",
  },
  {
    method: "DELETE",
    path: "/_emulator/gateway/sessions/{sessionId}",
    summary: "Delete a session.",
  },
  {
    method: "GET",
    path: "/_emulator/gateway/sessions/{sessionId}/transcript",
    summary: "The session as a transcript file.",
  },
  {
    method: "POST",
    path: "/_emulator/gateway/transcripts",
    summary: "Import a transcript as a new, read-only session.",
    body: TranscriptSchema,
  },
  {
    method: "POST",
    path: "/_emulator/gateway/sessions/{sessionId}/messages",
    summary: "Send a visitor message and wait for the agent's reply.",
    body: SendMessageRequest,
  },
  {
    method: "GET",
    path: "/_emulator/gateway/sessions/{sessionId}/scenario",
    summary: "The session recorded as a scenario.",
  },
  {
    method: "GET",
    path: "/_emulator/outbound/callback-urls",
    summary: "Every enterprise's call-result callback URL.",
  },
  {
    method: "PUT",
    path: "/_emulator/outbound/callback-urls/{enterpriseId}",
    summary: "Register (or change) an enterprise's callback URL and signing key.",
    body: CallbackUrlChange,
  },
  {
    method: "DELETE",
    path: "/_emulator/outbound/callback-urls/{enterpriseId}",
    summary: "Stop an enterprise's callbacks.",
  },
  {
    method: "GET",
    path: "/_emulator/outbound/callback-deliveries",
    summary: "The delivery log, newest first (filter: callJobId).",
  },
  {
    method: "GET",
    path: "/_emulator/outbound/callback-deliveries/{deliveryId}",
    summary: "One delivery and its attempts.",
  },
  {
    method: "POST",
    path: "/_emulator/outbound/callback-deliveries/{deliveryId}/redeliver",
    summary: "Deliver again: a new delivery of the same call record.",
  },
  {
    method: "GET",
    path: "/_emulator/outbound/tasks/{callJobId}/callback-check",
    summary: "Did every finished call of the task reach the receiver exactly once?",
  },
  { method: "GET", path: "/_emulator/faults", summary: "Fault rules, with their counters." },
  {
    method: "POST",
    path: "/_emulator/faults",
    summary: "Add a fault rule (after the others).",
    body: FaultRuleInput,
  },
  { method: "DELETE", path: "/_emulator/faults", summary: "Remove every fault rule." },
  { method: "GET", path: "/_emulator/faults/{id}", summary: "One fault rule." },
  { method: "DELETE", path: "/_emulator/faults/{id}", summary: "Remove a fault rule." },
  { method: "GET", path: "/_emulator/scenarios", summary: "The shipped scenarios." },
  { method: "GET", path: "/_emulator/scenarios/runs", summary: "The newest 50 runs, newest last." },
  { method: "GET", path: "/_emulator/scenarios/runs/{run}", summary: "One run's report." },
  { method: "GET", path: "/_emulator/scenarios/{name}", summary: "One scenario." },
  {
    method: "POST",
    path: "/_emulator/scenarios/replay",
    summary: "Replay a scenario, shipped or sent.",
    body: ReplayRequest,
  },
  {
    method: "PUT",
    path: "/_storage/uploads/{fileKey}",
    summary: "Upload a document's bytes to a pre-signed address (Content-Length required).",
  },
  {
    method: "POST",
    path: "/_storage/forms",
    summary: "Upload an attachment with the form signature_for_upload signed.",
  },
  {
    method: "GET",
    path: "/_storage/objects/{key}",
    summary: "Download stored bytes through a signed, expiring media link.",
  },
  {
    method: "GET",
    path: "/_storage/media/{key}/{fileName}",
    summary: "A visitor's image, as agents fetch it.",
  },
  {
    method: "GET",
    path: "/_storage/recordings/{file}",
    summary: "An answered call's recording (WAV).",
  },
  {
    method: "POST",
    path: "/_emulator/sample-agents/default/open",
    summary: "The default-way sample agent's open-session interface.",
  },
  {
    method: "POST",
    path: "/_emulator/sample-agents/default/message",
    summary: "The default-way sample agent's message interface.",
  },
  {
    method: "GET",
    path: "/_emulator/sample-agents/default/assets/{name}",
    summary: "Images and files the default-way sample agent sends.",
  },
  {
    method: "POST",
    path: "/_emulator/sample-agents/platform-a/v1/chat-messages",
    summary: "The platform-A sample agent (Dify-style chat-messages).",
  },
  {
    method: "GET",
    path: "/_emulator/sample-agents/platform-a/assets/{name}",
    summary: "Files the platform-A sample agent links.",
  },
  {
    method: "GET",
    path: "/_emulator/journal/{id}/fault-rule",
    summary:
      "The matchers of a fault rule like one journal entry's request (area, operation, key, parameters as validated): add it with an effect through POST /_emulator/faults.",
  },
  {
    method: "GET",
    path: "/_emulator/journal/{id}/fixture",
    summary:
      "A signed read's answer as fixture data: the records ccemu fixtures would build from it, in the signing key's tenant.",
  },
  {
    method: "POST",
    path: "/_emulator/journal/{id}/keep",
    summary:
      "Keep a recorded tenant's answer (an upstream entry) in the state: its records added or replaced by id; answers what changed.",
  },
];
