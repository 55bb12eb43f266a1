import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUuid, newUuid } from './ids';

describe('ids', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a UUID from anything else', () => {
    expect(isUuid('0b6c2d1e-8f3a-4c5b-9d7e-1a2b3c4d5e6f')).toBe(true);
    expect(isUuid('0B6C2D1E-8F3A-4C5B-9D7E-1A2B3C4D5E6F')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid('0b6c2d1e-8f3a-4c5b-9d7e-1a2b3c4d5e6')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });

  it('makes v4 UUIDs, also where crypto.randomUUID is missing (an insecure context)', () => {
    expect(isUuid(newUuid())).toBe(true);
    const real = globalThis.crypto;
    const getRandomValues = vi.fn(<T extends ArrayBufferView>(array: T): T => real.getRandomValues(array as never) as T);
    vi.stubGlobal('crypto', { getRandomValues });
    const made = new Set(Array.from({ length: 50 }, () => newUuid()));
    expect(made.size).toBe(50);
    expect(getRandomValues).toHaveBeenCalledTimes(50);
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
