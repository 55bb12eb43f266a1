import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api';

type Call = { url: string; init: RequestInit };

function answer(status: number, body: unknown): { calls: Call[] } {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('the typed API client', () => {
  it('fills the path parameters, encoded, and sends the method of the key', async () => {
    const { calls } = answer(200, { record: { id: 'a/b' } });
    await api('POST /api/records/:id/retry', { params: { id: 'a/b?c' } });
    expect(calls[0]?.url).toBe('/api/records/a%2Fb%3Fc/retry');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('leaves out query values that are not given, and sends a body as JSON', async () => {
    const { calls } = answer(200, { items: [], nextCursor: null });
    await api('GET /api/records', { query: { limit: 20, cursor: undefined } });
    expect(calls[0]?.url).toBe('/api/records?limit=20');
    await api('PATCH /api/me', { body: { displayName: 'Ann' } });
    expect(calls[1]?.url).toBe('/api/me');
    expect(calls[1]?.init.body).toBe('{"displayName":"Ann"}');
    expect(new Headers(calls[1]?.init.headers).get('content-type')).toBe('application/json');
    // On the web: the session cookie, same origin, and no bearer token.
    expect(calls[1]?.init.credentials).toBe('same-origin');
    expect(new Headers(calls[1]?.init.headers).has('authorization')).toBe(false);
  });

  it('throws the server’s error code and message', async () => {
    answer(404, { error: { code: 'NOT_FOUND', message: 'Prayer not found' } });
    const failure = await api('GET /api/records/:id', { params: { id: 'x' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Prayer not found' });
  });

  it('names an answer without the error shape by its status', async () => {
    answer(502, undefined);
    await expect(api('GET /api/me')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });
});
