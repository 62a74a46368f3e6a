/** Mounts the sample agents at `/_emulator/sample-agents/{default,platform-a}`, fed by the KB fixture. */
import { Hono } from "hono";
import type { Emulator } from "../emulator.ts";
import type { KnowledgeEntry } from "./catalog.ts";
import { defaultAgent } from "./default-agent.ts";
import { platformAAgent } from "./platform-a-agent.ts";

/** The token the default fixture registers the sample agents with. */
export const SAMPLE_AGENT_TOKEN = "ccemu-sample-token";
export const SAMPLE_AGENTS_PATH = "/_emulator/sample-agents";

export function sampleAgents(emulator: Emulator, chunkDelayMs = 10) {
  const knowledge = (): KnowledgeEntry[] =>
    emulator.state.kb.faqs.map((faq) => ({
      question: faq.question,
      similars: faq.similars.map((s) => s.question),
      answer: faq.answers[0]?.content ?? "",
    }));
  const common = {
    knowledge,
    now: () => emulator.clock.now(),
    token: SAMPLE_AGENT_TOKEN,
    chunkDelayMs,
  };
  return new Hono()
    .route(
      "/default",
      defaultAgent({
        ...common,
        assets: () => `${emulator.selfOrigin}${SAMPLE_AGENTS_PATH}/default/assets`,
      }),
    )
    .route(
      "/platform-a",
      platformAAgent({
        ...common,
        assets: () => `${emulator.selfOrigin}${SAMPLE_AGENTS_PATH}/platform-a/assets`,
      }),
    );
}
