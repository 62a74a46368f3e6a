/**
 * `GET /_emulator/connect`: what a client needs to reach this ccemu, for the Overview's "Connect"
 * card (as the Firebase Emulator Suite shows its host, ports and demo project). The address is the
 * one the request came in on; the secret shown is only the shipped demo key's, which the README
 * prints anyway — any other key's secret stays out of every control answer, as `GET /keys` does.
 */
import type { Emulator } from "../core/emulator.ts";
import { controlRoutes } from "./documented.ts";

/** The default fixture's demo key: the one key whose secret is public (README, `ccemu start`). */
export const SHIPPED_DEMO_KEY = {
  accessKeyId: "ccemu-demo-key",
  accessKeySecret: "ccemu-demo-secret",
} as const;

/** Where each part of the vendor's API is served, relative to the base URL. */
const PATHS = {
  openApi: "/gateway",
  knowledgeBase: "/aikb",
  agentRegistration: "/livechat/third_part_bot_register",
  control: "/_emulator",
};

export function connectionOf(emulator: Emulator, requestUrl: string) {
  const url = new URL(requestUrl);
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  // Shown only while the state holds the shipped key with its shipped secret: a fixture that
  // reuses the id with a secret of its own keeps that secret hidden.
  const demo = emulator.state.accessKeys.find((k) =>
    k.accessKeyId === SHIPPED_DEMO_KEY.accessKeyId &&
    k.accessKeySecret === SHIPPED_DEMO_KEY.accessKeySecret
  );
  return {
    baseUrl: url.origin,
    host: url.hostname,
    port,
    paths: PATHS,
    demoKey: demo
      ? {
        accessKeyId: demo.accessKeyId,
        accessKeySecret: demo.accessKeySecret,
        enterpriseId: demo.enterpriseId,
      }
      : null,
    /** Every other key: its id and tenant, never its secret. */
    otherKeys: emulator.state.accessKeys.filter((k) => k !== demo).map((k) => ({
      accessKeyId: k.accessKeyId,
      enterpriseId: k.enterpriseId,
    })),
  };
}

export type Connection = ReturnType<typeof connectionOf>;

export function connectRoutes(emulator: Emulator) {
  const summary =
    "How to connect a client: base URL, host and port as requested, the API's paths, and the shipped demo key with its secret (no other key's secret).";
  return controlRoutes().get(
    "/connect",
    { summary },
    (c) => c.json(connectionOf(emulator, c.req.url)),
  ).hono;
}
