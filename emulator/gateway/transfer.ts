/**
 * Transfer to a human in the platform-A way (spec 4.3): the model writes a line
 * `>transfer_human:<phrase>` (plain) or `>transfer_human_<queue_no>:<phrase>` (to a queue). The
 * gateway removes the line, says the phrase to the visitor and hands the session to a human.
 */
import type { Instruction } from "./schemas.ts";

const TRANSFER_LINE = /^[ \t]*>transfer_human(?:_([^:\s]+))?:(.*)$/m;

export interface TransferSplit {
  /** The answer without the transfer line. */
  answer: string;
  /** What to say to the visitor, when a transfer line was found. */
  phrase: string | null;
  instruction: Instruction | null;
}

export function splitTransfer(answer: string): TransferSplit {
  const match = TRANSFER_LINE.exec(answer);
  if (!match) return { answer, phrase: null, instruction: null };
  const [line, queue, phrase] = match;
  const rest = (answer.slice(0, match.index) + answer.slice(match.index + line.length)).replace(
    /\n{3,}/g,
    "\n\n",
  ).trim();
  return {
    answer: rest,
    phrase: phrase.trim(),
    instruction: {
      actionType: "TRANSFER_HUMAN",
      actionData: queue === undefined ? {} : { qno: queue },
    },
  };
}
