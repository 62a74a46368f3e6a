/**
 * node:http's list of the requests under way, kept without a hash table.
 *
 * node:http notes each connection's request under way (for `headersTimeout` and `requestTimeout`)
 * in its ConnectionsList; Deno's, in JavaScript, keeps it in a Map (`_active`) that gains and loses
 * an entry with every request. A Map whose deleted entries fill its table gets a new table; the
 * table it leaves keeps its entries (each naming a request) and a link to the new one. Once a
 * major collection has moved one such table to the old generation (any major collection under
 * load does), every later table, and every request its entries name, is kept alive by the table
 * before it until the next major collection: each request's objects were copied twice and
 * promoted, the old generation filled within a few hundred milliseconds, and a fifth of a signed
 * call's CPU time went to collecting them (docs/performance.md: "The connections list").
 *
 * ActiveRequests keeps the same entries in an array and each connection's own slot, so a finished
 * request is garbage as soon as its connection moves on. It answers the part of Map that
 * ConnectionsList uses (a property test holds it to a Map), and ConnectionsList's `expired`.
 */
import type { Server } from "node:http";

/** What node:http notes of a request under way (Deno's ConnectionsList makes it). */
export interface ActiveRequest {
  headersCompleted: boolean;
  /** `performance.now()` when the request began. */
  startTime: number;
  /** The request, once its head is read. */
  req: { complete?: boolean } | null;
}

/** Where a connection's entry lies: its index in the list and the request noted. */
interface Slot {
  index: number;
  value: ActiveRequest;
}

/**
 * The Map of connections to their request under way, as ConnectionsList uses it (`set`, `get`,
 * `has`, `delete`, `size`), each entry in its connection's own slot, and ConnectionsList's
 * `expired` over them.
 */
export class ActiveRequests<K extends object = object> {
  /** The connections with a request under way, in no order: a deleted one's place takes the last. */
  readonly #keys: K[] = [];
  /** The property each connection's slot is under: this list's own, so two never share one. */
  readonly #slot = Symbol("ccemu.activeRequest");

  get size(): number {
    return this.#keys.length;
  }

  #slotOf(key: K): Slot | undefined {
    return (key as Record<symbol, Slot | undefined>)[this.#slot];
  }

  #setSlot(key: K, slot: Slot | undefined): void {
    (key as Record<symbol, Slot | undefined>)[this.#slot] = slot;
  }

  get(key: K): ActiveRequest | undefined {
    return this.#slotOf(key)?.value;
  }

  has(key: K): boolean {
    return this.#slotOf(key) !== undefined;
  }

  set(key: K, value: ActiveRequest): this {
    const slot = this.#slotOf(key);
    if (slot) slot.value = value;
    else this.#setSlot(key, { index: this.#keys.push(key) - 1, value });
    return this;
  }

  delete(key: K): boolean {
    const slot = this.#slotOf(key);
    if (!slot) return false;
    const last = this.#keys.pop()!;
    if (last !== key) {
      this.#keys[slot.index] = last;
      this.#slotOf(last)!.index = slot.index;
    }
    this.#setSlot(key, undefined);
    return true;
  }

  /**
   * The connections whose request is over its time at `now`: node:http's rule, as Deno's
   * ConnectionsList words it (its own reads its Map through Map's built-ins, which take no other
   * object): a head still unread after `headersTimeout`, a request unfinished after
   * `requestTimeout` (0: no limit).
   */
  expired(headersTimeout: number, requestTimeout: number, now: number): { socket: K }[] {
    const over: { socket: K }[] = [];
    for (const socket of this.#keys) {
      const { headersCompleted, startTime, req } = this.#slotOf(socket)!.value;
      const age = now - startTime;
      if (!headersCompleted && headersTimeout > 0 && age >= headersTimeout) over.push({ socket });
      else if (requestTimeout > 0 && age >= requestTimeout && !req?.complete) over.push({ socket });
    }
    return over;
  }
}

/** What node:http's ConnectionsList is, as far as ccemu touches it. */
interface ConnectionsList {
  _active?: unknown;
  expired?: (headersTimeout: number, requestTimeout: number) => { socket: object }[];
}

/** The server's ConnectionsList: node:http's `kConnections` slot, made when it starts listening. */
function connectionsOf(server: Server): ConnectionsList | undefined {
  const slot = Object.getOwnPropertySymbols(server).find((symbol) =>
    symbol.description === "http.server.connections"
  );
  return slot && (server as unknown as Record<symbol, ConnectionsList | undefined>)[slot];
}

/**
 * Gives `server`'s ConnectionsList an ActiveRequests in place of its Map, and its `expired`, once
 * it listens (node:http makes the list then, before this listener runs). A node:http whose list
 * has another shape is left as it is: served as before, only slower (a test fails then, to say so).
 */
export function keepActiveRequests(server: Server): void {
  server.once("listening", () => {
    const connections = connectionsOf(server);
    // A Map, or Deno's SafeMap (Map's methods, not its prototype), and empty as yet.
    const active = connections?._active as Map<unknown, unknown> | undefined;
    if (!connections?.expired || typeof active?.set !== "function" || active.size !== 0) return;
    const requests = new ActiveRequests();
    connections._active = requests;
    // Real time, as node:http's own: how long a client has kept a request unfinished.
    connections.expired = (headersTimeout, requestTimeout) =>
      requests.expired(headersTimeout, requestTimeout, performance.now());
  });
}
