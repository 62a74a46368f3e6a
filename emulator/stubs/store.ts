/**
 * The stubs: added, removed and listed (control API, UI, config file, fixtures), and asked, for
 * each signed request that passed every check, which one answers it. A stub names one operation
 * ccemu serves; its `when` and its placeholders are checked when it is added, so a stub that could
 * never run is refused then, naming the field, rather than found silent later.
 */
import { AreaStore } from "../core/area-store.ts";
import { didYouMean } from "../core/did-you-mean.ts";
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import {
  type CompiledRequestMatch,
  compileRequestMatch,
  type RequestParts,
} from "../core/request-match.ts";
import { parseParameters } from "../core/validation.ts";
import type { Operation } from "../signed-api/operation.ts";
import { type Stub, StubInput, stubsSlice, type StubState } from "./schemas.ts";

/** A signed operation a stub may name, and the area that serves it. */
export interface StubbableOperation {
  area: string;
  operation: Operation;
}

/** What a stub is matched against: the request as it passed the dispatcher's checks. */
export interface StubRequest extends RequestParts {
  /** The operation's path. */
  operation: string;
  accessKeyId: string;
}

const NO_MATCH: CompiledRequestMatch = {
  size: 0,
  test: () => ({ matched: true, met: 0, differences: [] }),
};

/** Its query and body matchers, ready to test; a RequestMatchError names the one at fault. */
function compiled(stub: Pick<Stub, "when">): CompiledRequestMatch {
  const when = stub.when;
  if (!when || (when.query === undefined && when.body === undefined)) return NO_MATCH;
  return compileRequestMatch({ query: when.query, body: when.body });
}

/** Highest priority first; among equals, the newest (largest id) first. */
const byPrecedence = (a: Stub, b: Stub) => b.priority - a.priority || b.id - a.id;

export class StubStore extends AreaStore<StubState> {
  /** Compiled `when`s by stub object: a reset or import brings new objects, compiled anew. */
  readonly #matchers = new WeakMap<Stub, CompiledRequestMatch>();
  /** The stubs in the order they are tried, while the list is the same array of the same length. */
  #ordered: { list: Stub[]; length: number; order: Stub[] } | undefined;
  readonly #byPath: Map<string, StubbableOperation>;

  constructor(emulator: Emulator, readonly operations: StubbableOperation[]) {
    super(emulator, stubsSlice);
    this.#byPath = new Map(operations.map((op) => [op.operation.path, op]));
  }

  get stubs(): Stub[] {
    return this.state.stubs;
  }

  /** The operation a stub names, for its answer's shape check. */
  operationAt(path: string): Operation | undefined {
    return this.#byPath.get(path)?.operation;
  }

  stub(id: string | number): Stub {
    const stub = this.state.stubs.find((s) => String(s.id) === String(id));
    if (!stub) {
      throw new ApiError(
        "ResourceNotFound",
        `No stub ${id}. GET /_emulator/stubs lists the stubs there are.`,
      );
    }
    return stub;
  }

  /** Checks a stub and adds it; a refused stub changes nothing. */
  add(input: unknown): Stub {
    const stub = this.#checked(input);
    this.state.stubs.push(stub);
    this.#changed();
    return stub;
  }

  /**
   * Adds a list of stubs (the config file's `stubs`), all or none: the first refused one is named
   * by its index (`stubs[2].answer.status: …`) and nothing is added.
   */
  addAll(inputs: readonly unknown[]): Stub[] {
    const sequences = { ...this.emulator.state.sequences };
    const checked: Stub[] = [];
    try {
      for (const [index, input] of inputs.entries()) {
        try {
          checked.push(this.#checked(input));
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const field = `stubs[${index}]${error.parameter ? `.${error.parameter}` : ""}`;
          throw new ApiError(error.code, `stubs[${index}].${error.message}`, field);
        }
      }
    } catch (error) {
      this.emulator.state.sequences = sequences; // the ids handed out go back
      throw error;
    }
    this.state.stubs.push(...checked);
    this.#changed();
    return checked;
  }

  remove(id: string | number): Stub {
    const stub = this.stub(id);
    this.state.stubs.splice(this.state.stubs.indexOf(stub), 1);
    this.#changed();
    return stub;
  }

  clear(): number {
    const removed = this.state.stubs.splice(0).length;
    this.#changed();
    return removed;
  }

  /**
   * The stub that answers this request, its counters updated, or undefined. Stubs are tried by
   * precedence; one that matches counts it, and answers unless its `first` is spent or this is
   * not its `every`th match, in which case the next is tried. Those after the one that answers
   * are not tried (their counters stay).
   */
  pick(request: StubRequest): Stub | undefined {
    let counted = false, answering: Stub | undefined;
    for (const stub of this.ordered()) {
      if (stub.operation !== request.operation) continue;
      if (stub.when?.accessKeyId !== undefined && stub.when.accessKeyId !== request.accessKeyId) {
        continue;
      }
      if (!this.#matcher(stub).test(request).matched) continue;
      stub.matched++;
      counted = true;
      const answers = stub.first !== undefined
        ? stub.answered < stub.first
        : stub.every !== undefined
        ? stub.matched % stub.every === 0
        : true;
      if (answers) {
        stub.answered++;
        answering = stub;
        break;
      }
    }
    // The UI's counts move with every match, answered or not.
    if (counted) this.#changed();
    return answering;
  }

  /** The stubs in the order they are tried. */
  ordered(): Stub[] {
    const list = this.state.stubs;
    const known = this.#ordered;
    if (known && known.list === list && known.length === list.length) return known.order;
    const order = [...list].sort(byPrecedence);
    this.#ordered = { list, length: list.length, order };
    return order;
  }

  #matcher(stub: Stub): CompiledRequestMatch {
    let matcher = this.#matchers.get(stub);
    if (!matcher) this.#matchers.set(stub, matcher = compiled(stub));
    return matcher;
  }

  #changed(): void {
    this.#ordered = undefined;
    this.emulator.events.publish({ type: "state", change: "stubs" });
  }

  /** The stub as stored, or the refusal naming the field at fault. */
  #checked(input: unknown): Stub {
    const parsed = parseParameters(StubInput, input);
    const { when, answer, first, every, priority, note } = parsed;
    // The schema checked `when` and the placeholders (schemas.ts, `runnable`).
    const served = this.#resolve(parsed);
    return {
      id: this.#freeId(),
      operation: served.operation.path,
      area: served.area,
      method: served.operation.method,
      ...(when ? { when } : {}),
      answer,
      ...(first !== undefined ? { first } : {}),
      ...(every !== undefined ? { every } : {}),
      priority: priority ?? 0,
      ...(note !== undefined ? { note } : {}),
      matched: 0,
      answered: 0,
    };
  }

  /** The next id no stub has (a snapshot's sequences may lag behind a hand-edited list). */
  #freeId(): number {
    const taken = new Set(this.state.stubs.map((s) => s.id));
    let id = this.nextId("stubId");
    while (taken.has(id)) id = this.nextId("stubId");
    return id;
  }

  /** The served operation a stub names by `operation`, or by `area`, `method` and `path`. */
  #resolve(input: StubInput): StubbableOperation {
    const given = input.operation ?? input.path;
    const field = input.operation !== undefined ? "operation" : "path";
    if (given === undefined) {
      throw new ApiError(
        "MissingParameter",
        "operation is required: the operation's path (/gateway/task_create) or name (task_create), or area, method and path.",
        "operation",
      );
    }
    if (input.operation !== undefined && input.path !== undefined) {
      throw new ApiError(
        "InvalidParameter",
        "path: give operation or path, not both.",
        "path",
      );
    }
    const served = this.#find(given.replace(/(.)\/+$/, "$1"), field);
    if (input.area !== undefined && input.area !== served.area) {
      throw new ApiError(
        "InvalidParameter",
        `area: ${served.operation.path} belongs to the ${served.area} area, not ${input.area}.`,
        "area",
      );
    }
    if (input.method !== undefined && input.method !== served.operation.method) {
      throw new ApiError(
        "InvalidParameter",
        `method: ${served.operation.path} takes ${served.operation.method}, not ${input.method}.`,
        "method",
      );
    }
    return served;
  }

  #find(given: string, field: string): StubbableOperation {
    const exact = this.#byPath.get(given);
    if (exact) return exact;
    if (!given.startsWith("/")) {
      const named = this.operations.filter((op) => op.operation.path.endsWith(`/${given}`));
      if (named.length === 1) return named[0];
      if (named.length > 1) {
        throw new ApiError(
          "InvalidParameter",
          `${field}: ${given} is served at ${
            named.map((op) => op.operation.path).join(" and ")
          }; give the path.`,
          field,
        );
      }
    }
    const paths = this.operations.map((op) => op.operation.path);
    const names = paths.map((p) => p.slice(p.lastIndexOf("/") + 1));
    const hint = didYouMean(given, given.startsWith("/") ? paths : names);
    throw new ApiError(
      "InvalidParameter",
      `${field}: ccemu serves no operation ${given}${
        hint ? `; ${hint}` : ""
      }. A stub names a signed operation by its path (/gateway/task_create) or name (task_create); GET /_emulator/openapi.json lists them.`,
      field,
    );
  }
}
