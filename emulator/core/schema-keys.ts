/**
 * The member names a schema allows at a place in a document: what an unknown key is compared with
 * to suggest the one meant. zod's issue names the unknown key but not the known ones.
 */
import { z } from "npm:zod@4.6.7";

type Node = {
  $ref?: string;
  $defs?: Record<string, Node>;
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
  properties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
  items?: Node;
  prefixItems?: Node[];
};

/**
 * The keys the object at `path` (as a zod issue gives it) may hold. Walked on the schema's JSON
 * Schema, zod's documented form of it, rather than on zod's internals. Every branch of a union is
 * followed, so the keys of each alternative count. Only asked on an error, never per request.
 */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const root = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Node;
  const seen = new Set<Node>();
  // A node and its union branches, references followed; each once, as a recursive schema loops.
  const expand = (node: Node | undefined): Node[] => {
    if (node?.$ref !== undefined) {
      node = node.$ref === "#" ? root : root.$defs?.[node.$ref.replace("#/$defs/", "")];
    }
    if (!node || seen.has(node)) return [];
    seen.add(node);
    const branches = [...node.anyOf ?? [], ...node.oneOf ?? [], ...node.allOf ?? []];
    return [node, ...branches.flatMap(expand)];
  };
  let nodes = expand(root);
  for (const key of path) {
    seen.clear();
    nodes = nodes.flatMap((node) => {
      if (typeof key === "number") return expand(node.prefixItems?.[key] ?? node.items);
      const member = node.properties?.[String(key)] ?? node.additionalProperties;
      return typeof member === "object" ? expand(member) : [];
    });
  }
  return [...new Set(nodes.flatMap((node) => Object.keys(node.properties ?? {})))];
}
