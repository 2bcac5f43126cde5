/** A loopback HTTP server that serves bytes by path, standing in for the URLs callers give (`{url}` file references). */
import { createServer } from "node:http";

export interface FileServer {
  /** `http://127.0.0.1:<port>`; a path put in `served` answers its bytes, any other 404. */
  readonly base: string;
  readonly served: Map<string, Uint8Array>;
  readonly close: () => Promise<void>;
}

export const serveFiles = async (): Promise<FileServer> => {
  const served = new Map<string, Uint8Array>();
  const web = createServer((req, res) => {
    const body = served.get(req.url ?? "");
    if (!body) return void res.writeHead(404).end();
    res.end(body);
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(web.address() as { port: number }).port}`,
    served,
    close: () => new Promise<void>((r) => (web.closeAllConnections(), web.close(() => r()))),
  };
};
