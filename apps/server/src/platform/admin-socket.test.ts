import { mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { adminSocketPath, askAdminSocket, serveAdminSocket } from './admin-socket';

const silent = pino({ level: 'silent' });

describe('admin socket', () => {
  const dirs: string[] = [];
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const socketIn = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'selah-admin-'));
    dirs.push(dir);
    return adminSocketPath(dir);
  };

  it('answers a command with its result, and its failure with a code and message', async () => {
    const socket = socketIn();
    const served = await serveAdminSocket(
      socket,
      {
        echo: async (args) => `hello ${String(args.name)}`,
        fail: async () => {
          throw Object.assign(new Error('No account has the email x@y.z'), { code: 'NOT_FOUND' });
        },
      },
      silent,
    );
    closers.push(() => served!.close());
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(await askAdminSocket(socket, 'echo', { name: 'Anna' })).toEqual({ ok: true, result: 'hello Anna' });
    expect(await askAdminSocket(socket, 'fail', {})).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No account has the email x@y.z' },
    });
    expect(await askAdminSocket(socket, 'toString', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_COMMAND' } });
  });

  it('answers a line that is not JSON, and says nothing is there when no server listens', async () => {
    const socket = socketIn();
    expect(await askAdminSocket(socket, 'echo', {})).toBeUndefined();
    const served = await serveAdminSocket(socket, { echo: async () => 'x' }, silent);
    closers.push(() => served!.close());
    const answer = await new Promise<string>((resolve) => {
      const connection = net.createConnection(socket, () => connection.write('not json\n'));
      let text = '';
      connection.on('data', (chunk) => (text += String(chunk)));
      connection.on('end', () => resolve(text));
    });
    expect(JSON.parse(answer)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });
});
