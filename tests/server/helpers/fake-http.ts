import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type FakeHandler = (
  request: RecordedRequest,
) => { status: number; body?: unknown; headers?: Record<string, string> } | "hang" | "drop";

export interface FakeHttpServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  respond(handler: FakeHandler): void;
  close(): Promise<void>;
}

/** A local HTTP server on 127.0.0.1 and an ephemeral port standing in for a third-party API. */
export async function startFakeHttpServer(initial: FakeHandler): Promise<FakeHttpServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      const answer = handler(recorded);
      if (answer === "hang") return;
      if (answer === "drop") {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    respond(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
