import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushPlatform } from '../../../platform';
import type * as ApiModule from '../../../lib/api';

const calls: Array<{ key: string; given: unknown }> = [];
let deleteAnswer: Error | null = null;

vi.mock('../../../lib/api', async (original) => {
  const actual = await original<typeof ApiModule>();
  return {
    ...actual,
    api: async (key: string, given?: unknown) => {
      calls.push({ key, given });
      if (key === 'GET /api/push/public-key') return { publicKey: 'key' };
      if (key === 'POST /api/push/subscriptions') return { id: '5a0c1f1e-0000-4000-8000-000000000001' };
      if (key === 'DELETE /api/push/subscriptions/:id') {
        if (deleteAnswer) throw deleteAnswer;
        return { deleted: true };
      }
      throw new Error(`unexpected call ${key}`);
    },
  };
});

const { forgetThisDevice, registerThisDevice } = await import('./push');
const { ApiError } = await import('../../../lib/api');

const push = {
  register: async () => ({ ok: true, subscription: { kind: 'fcm', token: 'device-token' } }),
} as unknown as PushPlatform;

/**
 * Issue 34, item 5: the server never moves a device between accounts without proof, so sign-out removes this
 * device's registration: the next person on a shared phone or browser registers it anew.
 */
describe('this device’s push registration at sign-out', () => {
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
    calls.length = 0;
    deleteAnswer = null;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('removes the device it registered, once', async () => {
    expect(await registerThisDevice(push)).toBe('registered');
    await forgetThisDevice();
    const deletes = calls.filter((call) => call.key === 'DELETE /api/push/subscriptions/:id');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.given).toMatchObject({ params: { id: '5a0c1f1e-0000-4000-8000-000000000001' } });
    await forgetThisDevice();
    expect(calls.filter((call) => call.key === 'DELETE /api/push/subscriptions/:id')).toHaveLength(1);
  });

  it('does nothing on a device that never registered, and a device already gone is fine', async () => {
    await forgetThisDevice();
    expect(calls).toEqual([]);
    await registerThisDevice(push);
    deleteAnswer = new ApiError(404, 'NOT_FOUND', 'No such device.');
    await expect(forgetThisDevice()).resolves.toBeUndefined();
  });

  it('keeps the device for the next sign-out when it could not be removed (offline)', async () => {
    await registerThisDevice(push);
    deleteAnswer = new TypeError('Failed to fetch');
    await expect(forgetThisDevice()).rejects.toThrow('Failed to fetch');
    deleteAnswer = null;
    await forgetThisDevice();
    expect(calls.filter((call) => call.key === 'DELETE /api/push/subscriptions/:id')).toHaveLength(2);
    await forgetThisDevice();
    expect(calls.filter((call) => call.key === 'DELETE /api/push/subscriptions/:id')).toHaveLength(2);
  });
});
