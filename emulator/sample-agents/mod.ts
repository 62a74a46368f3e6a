/** Mounts the sample agents at `/_emulator/sample-agents/{default,platform-a}`, fed by the KB fixture. */
import { Hono } from "npm:hono@4.13.19";
import type { KbStore } from "../kb/store.ts";
import type { KnowledgeEntry } from "./catalog.ts";
import { defaultAgent } from "./default-agent.ts";
import { platformAAgent } from "./platform-a-agent.ts";

/** The token the default fixture registers the sample agents with. */
export const SAMPLE_AGENT_TOKEN = "ccemu-sample-token";
export const SAMPLE_AGENTS_PATH = "/_emulator/sample-agents";

/** The sample agents, answering from the knowledge base's FAQs as they are now. */
export function sampleAgents(kb: KbStore, chunkDelayMs = 10) {
  const { emulator } = kb;
  const knowledge = (): KnowledgeEntry[] =>
    kb.state.faqs.map((faq) => ({
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
