/**
 * The loopback receiver of `npm run bench:webhooks`, in its own process so its work does not share the
 * deliverer's event loop: `POST /dead/…` is never answered (the socket is held open), `POST /slow/<ms>/…` gets 200
 * after `ms` milliseconds (a receiver across a network), any other `POST` gets 200 at once. `GET /stats` tells how many messages arrived and shows the last one, so the bench can verify a signature.
 * Prints its port on the first line of stdout.
 */
import { createServer } from "node:http";

let received = 0;
let last: { headers: Record<string, string>; body: string } | null = null;
const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/stats") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ received, last }));
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    if (req.url!.startsWith("/dead")) return;
    received++;
    last = { headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") };
    const slow = /^\/slow\/(\d+)\//.exec(req.url!);
    if (slow) setTimeout(() => res.writeHead(200).end(), Number(slow[1]));
    else res.writeHead(200).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => console.log((server.address() as { port: number }).port));
