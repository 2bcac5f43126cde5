/**
 * The baseline of `npm run bench:api`: a bare HyperExpress server with one GET route answering a small JSON, run
 * in its own process (`node --import tsx bench/api/bare-server.ts`) the way the real service runs, so the two are
 * compared on equal terms. Port from BENCH_PORT; stops on SIGTERM/SIGINT.
 */
import HyperExpress from "hyper-express";

const port = Number(process.env.BENCH_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("BENCH_PORT must be a port number");

const server = new HyperExpress.Server();
server.get("/ping", (_req, res) => {
  res.header("Content-Type", "application/json; charset=utf-8");
  res.send(JSON.stringify({ status: "ok", version: "0.1.0" }));
});

await server.listen(port, "127.0.0.1");
process.stderr.write(`bare server listening on 127.0.0.1:${port}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    process.exit(0);
  });
}
