/**
 * The shape of the emulated state: plain data, so that reset, snapshot export and import are a parse
 * and a stringify. The core owns tenants, keys and id sequences; every area adds one slice under its
 * own name through a SliceDefinition, and the composition joins them (emulator/state.ts). Timers,
 * indexes and queues are not state: areas rebuild them from it whenever it is loaded.
 */
import { z } from "npm:zod@4.6.7";
import { type AccessKey, AccessKeySchema, type Enterprise, EnterpriseSchema } from "./tenants.ts";

const CORE_SHAPE = {
  enterprises: z.array(EnterpriseSchema).default(() => []),
  accessKeys: z.array(AccessKeySchema).default(() => []),
  /** Next id per kind of record, so ids continue after an import the way they would have. */
  sequences: z.record(z.string(), z.number().int()).default(() => ({})),
};
/** The core's part of the state (written out: it is part of the harness's published API). */
export interface CoreState {
  /** The tenants. */
  enterprises: Enterprise[];
  /** The access keys, of every tenant. */
  accessKeys: AccessKey[];
  /** Next id per kind of record. */
  sequences: Record<string, number>;
}

/** A list of records whose ids must be unique across fixture files and whose tenant must exist. */
export interface FixtureList {
  /** Dotted path from the state's root, e.g. `outbound.tasks`. */
  path: string;
  /** The field that identifies a record. */
  id: string;
  /** The id space, as messages name it. */
  space: string;
}

/** One area's part of the state: what fixtures, snapshots, reset and id sequences need to know. */
export interface SliceDefinition<T> {
  /** The slice's key in the state, in fixtures and in snapshots. */
  name: string;
  /** Its schema, with defaults: parsing `{}` gives the empty slice. */
  schema: z.ZodType<T>;
  /** The ids the area hands out: where they live and where the sequence starts. */
  // A method (not a function property), so that a slice of any type passes as SliceDefinition<unknown>.
  sequences: Record<string, { ids(slice: T): number[]; first: number }>;
  /** Its lists, checked across fixture files. */
  lists: FixtureList[];
}

/** Declares a slice with its types checked against its schema. */
export function defineSlice<T>(definition: SliceDefinition<T>): SliceDefinition<T> {
  return definition;
}

/** The whole state's definition: the core slice and every area's. */
export interface StateDefinition<S extends CoreState> {
  /** The schema of the whole state. */
  schema: z.ZodType<S>;
  /** Each area's slice. */
  slices: SliceDefinition<unknown>[];
  /** The fixture lists, by their keys. */
  lists: FixtureList[];
}

/** Joins the areas' slices to the core's into one definition. */
export function composeState<S extends CoreState>(
  slices: SliceDefinition<unknown>[],
): StateDefinition<S> {
  const { sequences, ...tenants } = CORE_SHAPE;
  const shape: Record<string, z.ZodType> = { ...tenants };
  for (const slice of slices) {
    const schema = slice.schema as z.ZodType;
    shape[slice.name] = schema.default(() => schema.parse({}));
  }
  shape.sequences = sequences; // last, as snapshots have always listed it
  return {
    schema: z.strictObject(shape) as unknown as z.ZodType<S>,
    slices,
    lists: [
      { path: "enterprises", id: "enterpriseId", space: "enterprise" },
      { path: "accessKeys", id: "accessKeyId", space: "access key" },
      ...slices.flatMap((slice) => slice.lists),
    ],
  };
}

/** A slice of the state, by the slice definition's name. */
const sliceOf = <T>(state: CoreState, slice: SliceDefinition<T>): T =>
  (state as unknown as Record<string, T>)[slice.name];

/** Starts every sequence not yet set above the largest id of its kind in `state`. */
export function seedSequences<S extends CoreState>(state: S, definition: StateDefinition<S>): S {
  for (const slice of definition.slices) {
    for (const [kind, { ids, first }] of Object.entries(slice.sequences)) {
      state.sequences[kind] ??= ids(sliceOf(state, slice)).reduce(
        (max, id) => Math.max(max, id + 1),
        first,
      );
    }
  }
  return state;
}

/** Hands out the next id of a kind. */
export function nextId(state: CoreState, kind: string): number {
  const id = state.sequences[kind] ?? 1;
  state.sequences[kind] = id + 1;
  return id;
}

/** Numeric ids among texts (robot ids, `s-N` session ids): what a sequence must start above. */
export const numericIds = (ids: string[]): number[] =>
  ids.filter((id) => /^\d+$/.test(id)).map(Number);

/** Reads an area's slice out of the whole state. */
export { sliceOf };
