/**
 * One real-port HTTP server for tests, on 127.0.0.1 and a free port, that records every request
 * and closes every connection on `close()`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  /** The status answered, once the response has finished. */
  status?: number;
}

export type TestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  recorded: RecordedRequest,
) => void | Promise<void>;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Requests whose path is `path`. */
  count(path?: string): number;
  close(): Promise<void>;
}

export async function createTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const parsed = new URL(req.url ?? "/", "http://127.0.0.1");
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      query: parsed.searchParams,
      headers: req.headers,
    };
    requests.push(recorded);
    res.on("finish", () => (recorded.status = res.statusCode));
    Promise.resolve(handler(req, res, recorded)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    count: (path) =>
      path === undefined ? requests.length : requests.filter((r) => r.url.split("?")[0] === path).length,
    close,
  };
}

/**
 * Listens on 127.0.0.1 and a free port; `close()` also ends open keep-alive connections, so it
 * never waits on an idle client.
 */
export async function listenOnLoopback(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Writes a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
