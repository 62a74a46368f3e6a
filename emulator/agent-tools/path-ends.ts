/**
 * Where a crawled path ends: what the reply to a click is, relative to the menu it was clicked
 * from and the menus above it. A menu is known by its options (in any order), so a menu whose
 * wording varies is still the same menu.
 */
import type { AgentTurn } from "../gateway/sessions.ts";
import { offeredOptions } from "../scenarios/runner.ts";
import type { Ending } from "./crawl-report.ts";

/** A menu that was reached: where, and the menus above it on its path. */
export interface Node {
  clicks: string[];
  options: string[];
  key: string;
  ancestors: Map<string, string[]>;
}

/** A menu's identity: its options, sorted. */
export const menuKey = (options: string[]) => JSON.stringify([...options].sort());
const quoted = (items: string[]) => items.map((o) => `"${o}"`).join(", ");

/** What a reply is, relative to the menu it was clicked from: where the path ends, or a menu. */
export function classify(
  exchange: AgentTurn,
  parent: Node | null,
  explored: Map<string, string[]>,
  depthLeft: number,
): Ending | null {
  const options = offeredOptions(exchange.messages);
  const key = menuKey(options);
  if (exchange.error) {
    return {
      end: "dead end",
      deadEnd: "error",
      detail: `${exchange.error.code}: ${exchange.error.message}`,
    };
  }
  if (exchange.messages.length === 0 && !exchange.instruction) {
    return {
      end: "dead end",
      deadEnd: "nothing",
      detail: "the reply holds nothing a visitor would see (no message, no instruction)",
    };
  }
  if (exchange.instruction?.actionType === "TRANSFER_HUMAN") {
    const qno = exchange.instruction.actionData.qno;
    return {
      end: "transfer",
      detail: qno === undefined ? "a transfer to a human" : `a transfer to queue ${qno}`,
    };
  }
  if (options.length === 0) return { end: "answer", detail: "an answer without options" };
  if (parent && key === parent.key) {
    return {
      end: "dead end",
      deadEnd: "same menu",
      detail: `the same menu came back (${quoted(options)})`,
    };
  }
  const ancestor = parent?.ancestors.get(key);
  if (ancestor) {
    return {
      end: "loop",
      detail: `back to the menu of ${
        ancestor.length ? quoted([ancestor.join(" › ")]) : "the start"
      }`,
      backTo: ancestor,
    };
  }
  const elsewhere = explored.get(key);
  if (elsewhere) {
    return {
      end: "joined",
      detail: `a menu already explored from ${
        elsewhere.length ? quoted([elsewhere.join(" › ")]) : "the start"
      }`,
    };
  }
  if (depthLeft <= 0) {
    return { end: "depth", detail: `${options.length} options not clicked (--depth)` };
  }
  return null;
}
