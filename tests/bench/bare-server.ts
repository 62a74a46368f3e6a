/** The baseline for the throughput benchmark: a bare Deno.serve JSON endpoint that reads the body. */
const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  async (request) => {
    const body = await request.json();
    return Response.json({ requestId: "bare", result: { echo: body } });
  },
);
console.log(`listening on http://127.0.0.1:${server.addr.port}`);
