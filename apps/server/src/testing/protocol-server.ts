import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** What one expected request gets back. */
export type Reply = (request: RecordedRequest, response: ServerResponse) => void;

/**
 * A local HTTP server (127.0.0.1, a free port) that speaks a third-party protocol in tests (conventions, 9).
 * Each expected request is queued with `expect(method, path, reply)` and answered in order; a request nobody
 * expected, or one that fails the checks in its reply, is answered 599 and reported by `assertDone()`, which
 * also fails when an expected request never came.
 */
export async function startProtocolServer() {
  const expectations: Array<{ method: string; path: string; reply: Reply }> = [];
  const requests: RecordedRequest[] = [];
  const unexpected: string[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      const next = expectations[0];
      const path = request.url.split('?')[0];
      if (!next || next.method !== request.method || next.path !== path) {
        unexpected.push(
          `unexpected request: ${request.method} ${request.url}${next ? ` (expected ${next.method} ${next.path})` : ' (nothing expected)'}`,
        );
        response.writeHead(599, { 'content-type': 'text/plain' }).end('unexpected request');
        return;
      }
      expectations.shift();
      try {
        next.reply(request, response);
      } catch (error) {
        // An assertion about the request failed: answer so the client does not hang, report it in assertDone().
        unexpected.push(
          `${request.method} ${request.url} did not meet expectations: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!response.headersSent) response.writeHead(599, { 'content-type': 'text/plain' });
        response.end('request did not meet expectations');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    expect(method: string, path: string, reply: Reply) {
      expectations.push({ method, path, reply });
    },
    /** Throws when a request came that nobody expected, or an expected one never came. */
    assertDone() {
      const problems = [...unexpected, ...expectations.map((e) => `expected request never came: ${e.method} ${e.path}`)];
      unexpected.length = 0;
      expectations.length = 0;
      if (problems.length > 0) throw new Error(problems.join('\n'));
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export type ProtocolServer = Awaited<ReturnType<typeof startProtocolServer>>;

/** Replies with a status, headers and a body. */
export const respond =
  (status: number, body: Buffer | string = '', headers: Record<string, string> = {}): Reply =>
  (_request, response) => {
    response.writeHead(status, headers).end(body);
  };
