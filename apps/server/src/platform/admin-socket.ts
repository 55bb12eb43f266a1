import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A local door for operators' commands (npm run plan) while the embedded server runs: PGlite's data directory
 * belongs to one process, so a second process must not open it. The socket lives in DATA_DIR with mode 0600:
 * whoever may read the data may ask; nobody else can reach it (it is not a network port).
 * One JSON line in, one JSON line out: { ok: true, result } or { ok: false, error: { code, message } }.
 */
export type AdminHandler = (args: Record<string, unknown>) => Promise<unknown>;

const MAX_REQUEST_BYTES = 64 * 1024;
/** Unix socket paths are limited to about 108 bytes. */
const MAX_SOCKET_PATH = 100;

export const adminSocketPath = (dataDir: string): string => path.join(dataDir, 'admin.sock');

export interface AdminAnswer {
  ok: boolean;
  result?: unknown;
  error?: { code: string; message: string };
}

export async function serveAdminSocket(
  socketPath: string,
  handlers: Record<string, AdminHandler>,
  logger: FastifyBaseLogger,
): Promise<{ close(): Promise<void> } | null> {
  if (socketPath.length > MAX_SOCKET_PATH) {
    logger.warn({ socketPath }, 'DATA_DIR is too long a path for the admin socket: npm run plan needs the server stopped');
    return null;
  }
  rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let buffer = '';
    connection.setEncoding('utf8');
    connection.setTimeout(10_000, () => connection.destroy());
    connection.on('error', () => undefined);
    const answer = (reply: AdminAnswer) => connection.end(`${JSON.stringify(reply)}\n`);
    connection.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) {
        answer({ ok: false, error: { code: 'TOO_LARGE', message: 'The command is too large.' } });
        return;
      }
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      const line = buffer.slice(0, end);
      connection.removeAllListeners('data');
      let request: { command?: unknown; args?: unknown };
      try {
        request = JSON.parse(line) as typeof request;
      } catch {
        answer({ ok: false, error: { code: 'BAD_REQUEST', message: 'Send one JSON line.' } });
        return;
      }
      const handler = typeof request.command === 'string' ? handlers[request.command] : undefined;
      if (!handler || !Object.hasOwn(handlers, request.command as string)) {
        answer({ ok: false, error: { code: 'UNKNOWN_COMMAND', message: `Unknown command ${String(request.command)}` } });
        return;
      }
      const args = typeof request.args === 'object' && request.args !== null ? (request.args as Record<string, unknown>) : {};
      handler(args).then(
        (result) => answer({ ok: true, result }),
        (error: unknown) => {
          const code = (error as { code?: unknown }).code;
          answer({
            ok: false,
            error: { code: typeof code === 'string' ? code : 'FAILED', message: error instanceof Error ? error.message : String(error) },
          });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

/** Asks the running server; undefined when none listens on the socket. */
export function askAdminSocket(socketPath: string, command: string, args: Record<string, unknown>): Promise<AdminAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socketPath);
    let buffer = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify({ command, args })}\n`));
    connection.on('data', (chunk: string) => {
      buffer += chunk;
    });
    connection.on('end', () => {
      try {
        resolve(JSON.parse(buffer) as AdminAnswer);
      } catch {
        reject(new Error('The server answered something unreadable on its admin socket.'));
      }
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED' || error.code === 'ENAMETOOLONG') resolve(undefined);
      else reject(error);
    });
  });
}
