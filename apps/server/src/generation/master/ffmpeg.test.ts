import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executable, ffmpegPath } from './ffmpeg';

describe('the packaged binaries', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'selah-executable-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are made executable where the install script that does it was blocked', () => {
    const file = path.join(dir, 'tool');
    writeFileSync(file, '#!/bin/sh\necho ran\n');
    chmodSync(file, 0o644);
    expect(executable(file, 'tool')).toBe(file);
    expect(statSync(file).mode & 0o111).toBe(0o111);
    expect(execFileSync(file).toString()).toBe('ran\n');
  });

  it('say which binary and where when it cannot be run', () => {
    expect(() => executable(path.join(dir, 'missing'), 'ffprobe')).toThrow(/^ffprobe at .*missing is not executable/);
  });

  it('find this platform’s ffmpeg', () => {
    expect(execFileSync(ffmpegPath(), ['-hide_banner', '-version']).toString()).toMatch(/^ffmpeg version/);
  });
});
