/**
 * No import circles (issue 35): every module of the program, the harness and the UI, with type-only
 * imports counted, sits below what it imports. The graph is Deno's own (`deno info --json`); the
 * circles are its strongly connected components, and any one fails.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const ENTRIES = ["main.ts", "harness/mod.ts", "ui/main.ts"];

interface Module {
  specifier: string;
  dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
}

async function graph(): Promise<Map<string, string[]>> {
  const edges = new Map<string, string[]>();
  for (const entry of ENTRIES) {
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", entry],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(code, 0, new TextDecoder().decode(stderr));
    const { modules } = JSON.parse(new TextDecoder().decode(stdout)) as { modules: Module[] };
    for (const module of modules) {
      if (!module.specifier.startsWith(ROOT.href)) continue;
      const targets = (module.dependencies ?? []).flatMap((d) => [d.code, d.type])
        .map((d) => d?.specifier).filter((s): s is string => !!s?.startsWith(ROOT.href));
      edges.set(module.specifier, [
        ...new Set([...(edges.get(module.specifier) ?? []), ...targets]),
      ]);
    }
  }
  return edges;
}

/** Tarjan's strongly connected components of more than one module, as sorted relative paths. */
function circles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], onStack = new Set<string>(), found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) !== order.get(node)) return;
    const component: string[] = [];
    for (let member = ""; member !== node;) {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member.slice(ROOT.href.length));
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!order.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

Deno.test("no import circle", async () => {
  assert.deepEqual(circles(await graph()), []);
});
