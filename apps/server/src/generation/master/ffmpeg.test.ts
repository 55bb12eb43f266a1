import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executable, ffmpegPath, useFfmpeg } from './ffmpeg';

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

describe('the ffmpeg in use (FFMPEG_PATH, decision 034)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'selah-ffmpeg-'));
  // A stand-in for a system's ffmpeg, found on PATH.
  const fake = path.join(dir, 'ffmpeg');
  writeFileSync(fake, '#!/bin/sh\necho "ffmpeg version 9.9-test Copyright (c) the FFmpeg developers"\n');
  chmodSync(fake, 0o755);
  afterAll(() => {
    // Later tests in this process run the real one again.
    useFfmpeg('bundled');
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(process.platform === 'win32')('is the system’s where one is on PATH, and says its version', () => {
    expect(useFfmpeg(undefined, { PATH: `${path.join(dir, 'nowhere')}${path.delimiter}${dir}` })).toEqual({
      path: fake,
      version: '9.9-test',
      source: 'system',
    });
  });

  it('is the bundled one where PATH has none, or when the setting asks for it', () => {
    for (const choice of [useFfmpeg(undefined, { PATH: path.join(dir, 'nowhere') }), useFfmpeg('bundled', { PATH: dir })]) {
      expect(choice.source).toBe('bundled');
      expect(choice.path).toMatch(/@ffmpeg-installer/);
      expect(choice.version).toMatch(/\S/);
      expect(ffmpegPath()).toBe(choice.path);
    }
  });

  it('is the file FFMPEG_PATH names, and a start fails saying so when it cannot run', () => {
    expect(useFfmpeg(fake, { PATH: '' })).toMatchObject({ path: fake, source: 'setting', version: '9.9-test' });
    expect(() => useFfmpeg(path.join(dir, 'missing'), { PATH: '' })).toThrow(/^FFMPEG_PATH: .*missing is not an ffmpeg that runs/);
  });
});
