/**
 * The defaults for comparing pushes (a tap recording): what ccemu's gateway makes up for itself and
 * so never matches the real gateway's, run before the answer defaults (times, signed links).
 */
import {
  compileRules,
  defaultTransformers,
  type Transformer,
  type TransformerRule,
} from "./transformers.ts";

export const PUSH_TRANSFORMERS: TransformerRule[] = [
  // The robot is registered anew in ccemu: its id is ccemu's (the body's and inputs.botId).
  { key: "/^(robotId|botId)$/", replace: "<robotId>" },
  // inputs.uniqueId is the visitor session's id, inputs.userId the enterprise's: ccemu's own.
  { key: "uniqueId", replace: "<sessionId>" },
  { key: "userId", replace: "<enterpriseId>" },
  // A gateway may give the conversation its own id rather than take the agent's.
  { key: "/^conversation_?[iI]d$/", replace: "<conversationId>" },
  // A visitor's image is stored where each gateway stores it.
  { key: "fileUrl", replace: "<fileUrl>" },
  { path: "$.files[*].url", replace: "<fileUrl>" },
];

/** The push rules, then the answer defaults. */
export function pushDefaultTransformers(): Transformer[] {
  return [...compileRules(PUSH_TRANSFORMERS, "default push "), ...defaultTransformers()];
}
