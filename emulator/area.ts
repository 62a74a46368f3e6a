/**
 * What one area hands the composition (app.ts): its slice of the state, its signed operations, its
 * control and storage routes, and the hook that rebuilds its runtime whenever the state is loaded.
 * Every area (outbound, kb, gateway, scenarios) has one `createArea(emulator)` in its `mod.ts`.
 */
import type { Hono } from "npm:hono@4.13.19";
import type { AppEnv } from "./core/app-env.ts";
import type { SliceDefinition } from "./core/state.ts";
import type { Operation } from "./signed-api/operation.ts";

export interface Area {
  /** The area's name: its journal label and its control routes' folder. */
  name: string;
  /** Its slice of the state; absent for an area that keeps none (scenarios). */
  slice?: SliceDefinition<unknown>;
  /** Signed operations under their prefix (`/gateway`, `/aikb`, `/livechat`). */
  signed?: { prefix: string; operations: Operation[] };
  /** Routes mounted under `/_emulator` (each area's own paths begin with its name). */
  control?: Hono<AppEnv>;
  /** Routes mounted under `/_storage`. */
  storage?: Hono<AppEnv>;
  /** Rebuilds the runtime (dialer, queues, indexes) from the state: at start, reset and import. */
  load(): void;
  /** Ends whatever is in flight (pushes to agents), so the server can stop at once. */
  close?(): void;
  /** What `/_emulator/overview` shows of the area: its counts and newest items, as plain JSON. */
  overview?(): object;
}
