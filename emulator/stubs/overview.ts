/**
 * What the Overview shows of the stubs: each in a line (its operation, how often it matched and
 * answered) and whether it is spent (a `first: N` stub that has answered N times).
 */
import type { StubStore } from "./store.ts";

export function stubsOverview(store: StubStore) {
  const stubs = store.stubs.map((stub) => ({
    id: stub.id,
    operation: stub.operation,
    status: stub.answer.status ?? 200,
    note: stub.note ?? null,
    matched: stub.matched,
    answered: stub.answered,
    spent: stub.first !== undefined && stub.answered >= stub.first,
  }));
  return { inForce: stubs.filter((s) => !s.spent).length, stubs };
}

/** `GET /_emulator/overview`'s `areas.stubs`. */
export type StubsOverview = ReturnType<typeof stubsOverview>;
