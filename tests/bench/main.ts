/** `deno task bench`: every area's performance targets, measured on this machine. */
import { benchFoundation } from "./foundation.ts";
import { benchGateway } from "./gateway.ts";
import { benchOutbound } from "./outbound.ts";
import { benchKb } from "./kb.ts";
import { benchUi } from "./ui.ts";
import { printTable, SECONDS } from "./kit.ts";

const rows = [
  ...await benchFoundation(),
  ...await benchGateway(),
  ...await benchOutbound(),
  ...await benchKb(),
  ...await benchUi(),
];
printTable(
  `ccemu benchmarks (${SECONDS} s load windows, ${navigator.hardwareConcurrency} cores)`,
  rows,
);
