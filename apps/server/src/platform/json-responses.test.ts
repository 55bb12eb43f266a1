import { describe, expect, it } from 'vitest';
import { pickEncoding } from './json-responses';

describe('choosing the response encoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.0, GZIP;q=0.5', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['deflate, zstd', 'identity'],
    ['br;q=0.1', 'br'],
  ])('%s -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
