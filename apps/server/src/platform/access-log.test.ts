import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from './access-log';

/** A Fastify app whose log lines land in `lines`. */
async function appWithLog(level: string) {
  const lines: Array<{ level: number; msg: string; method?: string; url?: string; res?: { statusCode: number } }> = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    logController: new AccessLog(),
  });
  app.get('/read', async () => ({ ok: true }));
  app.post('/write', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
}

const INFO = 30;
const DEBUG = 20;

describe('the access log', () => {
  it('writes one line per request: fast reads at debug, writes and failures at info', async () => {
    const { app, lines } = await appWithLog('debug');
    await app.inject({ url: '/read' });
    await app.inject({ method: 'POST', url: '/write' });
    await app.inject({ url: '/missing' });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => [line.method, line.url, line.level])).toEqual([
      ['GET', '/read', DEBUG],
      ['POST', '/write', INFO],
      ['GET', '/missing', INFO],
    ]);
    expect(completed[2]?.res?.statusCode).toBe(404);
    expect(lines.filter((line) => line.msg === 'incoming request')).toHaveLength(3);
    await app.close();
  });

  it('at info, a fast read writes nothing and a write one line', async () => {
    const { app, lines } = await appWithLog('info');
    await app.inject({ url: '/read' });
    expect(lines).toEqual([]);
    await app.inject({ method: 'POST', url: '/write' });
    expect(lines.map((line) => [line.msg, line.url])).toEqual([['request completed', '/write']]);
    await app.inject({ url: '/broken' });
    expect(lines.some((line) => line.url === '/broken' && line.level >= INFO)).toBe(true);
    await app.close();
  });
});
