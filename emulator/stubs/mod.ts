/**
 * Stubs: answers of one's own for signed requests that match (docs/stubs.md). The stubs are this
 * area's slice; the signed-API dispatcher asks its hook, once a request passed every check, whether
 * a stub answers it instead of the operation (emulator/app.ts wires it).
 */
import type { Area } from "../area.ts";
import type { Emulator } from "../core/emulator.ts";
import type { SignedCall } from "../core/signed-call.ts";
import { queryRecordOf } from "../core/name-value-list.ts";
import type { Operation } from "../signed-api/operation.ts";
import { answerWithStub } from "./answer.ts";
import { stubControlRoutes } from "./control-routes.ts";
import { stubsOverview } from "./overview.ts";
import { stubsSlice } from "./schemas.ts";
import { type StubbableOperation, StubStore } from "./store.ts";

export { StubInput, StubSchema } from "./schemas.ts";
export type { Stub, StubAnswer, StubWhen } from "./schemas.ts";
export { StubStore } from "./store.ts";

/**
 * What the dispatcher asks once a signed request passed every check: a stub's answer, or
 * undefined for the operation's own. `body` is the request's JSON as sent (none for a GET).
 */
export type StubHook = (
  c: SignedCall,
  body: unknown,
) => Response | Promise<Response> | undefined;

export interface StubArea extends Area {
  store: StubStore;
  /** The dispatcher's hook into the store. */
  hook: StubHook;
}

export function createStubArea(emulator: Emulator, operations: StubbableOperation[]): StubArea {
  const store = new StubStore(emulator, operations);
  return {
    name: "stubs",
    store,
    slice: stubsSlice,
    control: stubControlRoutes(store),
    load: () => {},
    overview: () => stubsOverview(store),
    hook: (c, body) => {
      if (store.stubs.length === 0) return undefined; // the usual case: nothing to match
      const operation = c.operation as Operation;
      const request = { query: queryRecordOf(c.target.query), body };
      const stub = store.pick({
        operation: operation.path,
        accessKeyId: c.tenant.key.accessKeyId,
        ...request,
      });
      return stub && answerWithStub(emulator, c, stub, operation, request);
    },
  };
}

/**
 * Adds a list of stubs to an emulator's state (the config file's `stubs`), each checked as
 * `POST /_emulator/stubs` checks it, all or none. `store` is `createApp(…).areas.stubs.store`.
 */
export function addStubs(store: StubStore, stubs: readonly unknown[]) {
  return store.addAll(stubs);
}
