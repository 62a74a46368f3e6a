/** What both sample agents share: options, the Bearer check, chunking, assets. */
import type { Context, Next } from "npm:hono@4.13.19";
import { CARD_PNG } from "./card-png.ts";
import { GUIDE, type KnowledgeEntry } from "./catalog.ts";

export interface SampleAgentOptions {
  /** The knowledge to answer from (read on every question, so edits show at once). */
  knowledge: () => KnowledgeEntry[];
  /** Epoch ms, for `created_at` fields (ccemu passes its virtual clock). */
  now: () => number;
  /** The Bearer token pushes must carry; undefined accepts any push. */
  token?: string;
  /** Pause between streamed chunks, in real ms. */
  chunkDelayMs?: number;
  /** Where this agent's assets are reached (image and file URLs in answers). */
  assets: () => string;
}

/** Refuses a push without the registered Bearer token (spec part 5.2). */
export function bearer(token: string | undefined) {
  return async (c: Context, next: Next) => {
    if (token !== undefined && c.req.header("authorization") !== `Bearer ${token}`) {
      return c.json(
        { status: 401, code: "unauthorized", message: "missing or wrong Bearer token" },
        401,
      );
    }
    await next();
  };
}

/** Splits text into chunks of about `size` characters, never inside a surrogate pair. */
export function chunks(text: string, size = 12): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out.length ? out : [""];
}

export function serveAsset(c: Context): Response {
  const name = c.req.param("name");
  if (name === "card.png") {
    return c.body(CARD_PNG.slice().buffer, 200, { "content-type": "image/png" });
  }
  if (name === "guide.txt") {
    return c.body(GUIDE.slice().buffer, 200, {
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": 'attachment; filename="guide.txt"',
    });
  }
  return c.json({ message: "no such asset" }, 404);
}
