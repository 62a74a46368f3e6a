/**
 * The baselines for the throughput benchmark: a bare Deno.serve JSON endpoint that reads the body.
 * It answers a small JSON object, or, with `--answer FILE`, that file's text with ccemu's
 * content-type: the same bytes ccemu answers, so that the ratio counts ccemu's own work only (a
 * response over about 512 bytes with its head takes Deno two writes instead of one, which halves
 * the bare server's rate on its own).
 */
const at = Deno.args.indexOf("--answer");
const answer = at === -1 ? undefined : await Deno.readTextFile(Deno.args[at + 1]);
const JSON_TYPE = { "content-type": "application/json; charset=UTF-8" };
const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  async (request) => {
    const body = await request.json();
    if (answer !== undefined) return new Response(answer, { headers: JSON_TYPE });
    return Response.json({ requestId: "bare", result: { echo: body } });
  },
);
console.log(`listening on http://127.0.0.1:${server.addr.port}`);
