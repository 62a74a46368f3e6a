/**
 * The whole state's definition: the core's tenants and sequences joined with every area's slice.
 * What fixtures, snapshots and the harness are typed by.
 */
import { composeState, type CoreState } from "./core/state.ts";
import { fixturesFrom, loadFixtures as loadFixturesOf } from "./core/fixtures.ts";
import { DEMO_FIXTURES } from "./packaged.ts";
import { faultsSlice, type FaultState } from "./faults/schemas.ts";
import { gatewaySlice, type GatewayState } from "./gateway/schemas.ts";
import { kbSlice, type KbState } from "./kb/schemas.ts";
import { outboundSlice, type OutboundState } from "./outbound/schemas.ts";
import { stubsSlice, type StubState } from "./stubs/schemas.ts";

export type State = CoreState & {
  outbound: OutboundState;
  kb: KbState;
  gateway: GatewayState;
  faults: FaultState;
  stubs: StubState;
};

export const STATE = composeState<State>([
  outboundSlice,
  kbSlice,
  gatewaySlice,
  faultsSlice,
  stubsSlice,
]);

/** Loads a fixture file or folder into one validated state; without a path, the demo tenant. */
export const loadFixtures = (path?: string): Promise<State> =>
  path === undefined
    ? Promise.resolve(fixturesFrom(STATE, DEMO_FIXTURES))
    : loadFixturesOf(STATE, path);
