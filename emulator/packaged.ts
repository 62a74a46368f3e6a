/**
 * The files ccemu ships and reads at start, imported as modules rather than read from disk: so they
 * load wherever ccemu's code does (a clone, a registry that serves it over https such as JSR, the
 * npm package's single-file bundle), with nothing to locate beside it.
 */
import gateway from "../fixtures/default/gateway.json" with { type: "json" };
import kb from "../fixtures/default/kb.json" with { type: "json" };
import outbound from "../fixtures/default/outbound.json" with { type: "json" };
import tenant from "../fixtures/default/tenant.json" with { type: "json" };
import defaultBlocking from "../fixtures/scenarios/sample-default-blocking.json" with {
  type: "json",
};
import defaultStreaming from "../fixtures/scenarios/sample-default-streaming.json" with {
  type: "json",
};
import platformABlocking from "../fixtures/scenarios/sample-platform-a-blocking.json" with {
  type: "json",
};
import platformAStreaming from "../fixtures/scenarios/sample-platform-a-streaming.json" with {
  type: "json",
};

/** A shipped JSON file: its path in the repository (what messages name) and its content. */
export interface PackagedFile {
  file: string;
  json: unknown;
}

/** The demo tenant (`fixtures/default/`), in name order as a folder of fixtures is read. */
export const DEMO_FIXTURES: readonly PackagedFile[] = [
  { file: "fixtures/default/gateway.json", json: gateway },
  { file: "fixtures/default/kb.json", json: kb },
  { file: "fixtures/default/outbound.json", json: outbound },
  { file: "fixtures/default/tenant.json", json: tenant },
];

/** The sample scenarios (`fixtures/scenarios/`), in name order. */
export const SAMPLE_SCENARIOS: readonly PackagedFile[] = [
  { file: "fixtures/scenarios/sample-default-blocking.json", json: defaultBlocking },
  { file: "fixtures/scenarios/sample-default-streaming.json", json: defaultStreaming },
  { file: "fixtures/scenarios/sample-platform-a-blocking.json", json: platformABlocking },
  { file: "fixtures/scenarios/sample-platform-a-streaming.json", json: platformAStreaming },
];
