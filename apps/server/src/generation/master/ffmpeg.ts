import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Writable } from 'node:stream';

/** The ffmpeg that masters audio, and why it is the one (decision 034). */
export interface FfmpegChoice {
  path: string;
  /** What `ffmpeg -version` names ("5.1.9-0+deb12u1", "4.1"). */
  version: string;
  /** `setting`: FFMPEG_PATH names it; `system`: the ffmpeg on PATH; `bundled`: @ffmpeg-installer's. */
  source: 'setting' | 'system' | 'bundled';
}

let chosen: FfmpegChoice | undefined;

/**
 * Chooses the ffmpeg this process runs, as FFMPEG_PATH says (config.ts reads it): unset, the system's ffmpeg where
 * one is on PATH (a maintained build, kept up to date by the machine's packages), else the static build inside
 * @ffmpeg-installer/ffmpeg's package of this platform (nothing is downloaded at install or run time); `bundled`,
 * always that one; a path, that file. Throws when the ffmpeg named cannot run.
 */
export function useFfmpeg(setting: string | undefined, env: NodeJS.ProcessEnv = process.env): FfmpegChoice {
  chosen = chooseFfmpeg(setting, env);
  return chosen;
}

/** The ffmpeg in use: the one useFfmpeg chose, or as with FFMPEG_PATH unset (tests, benchmarks, scripts). */
export function ffmpegPath(): string {
  chosen ??= chooseFfmpeg(undefined, process.env);
  return chosen.path;
}

function chooseFfmpeg(setting: string | undefined, env: NodeJS.ProcessEnv): FfmpegChoice {
  const value = setting?.trim();
  if (value && value !== 'bundled') {
    const version = versionOf(value);
    if (version === null) throw new Error(`FFMPEG_PATH: ${value} is not an ffmpeg that runs (unset it, or set bundled)`);
    return { path: value, version, source: 'setting' };
  }
  if (!value) {
    const system = onPath(env);
    const version = system === null ? null : versionOf(system);
    if (system !== null && version !== null) return { path: system, version, source: 'system' };
  }
  let found: string;
  try {
    found = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch (error) {
    throw new Error(`ffmpeg is not available for ${process.platform}-${process.arch}: ${String(error)}`, { cause: error });
  }
  const bundled = executable(found, 'ffmpeg');
  return { path: bundled, version: versionOf(bundled) ?? 'unknown', source: 'bundled' };
}

/** The first executable ffmpeg in the PATH's folders, or null. */
function onPath(env: NodeJS.ProcessEnv): string | null {
  const name = process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** The version an ffmpeg binary names, or null when it does not run as one. */
function versionOf(file: string): string | null {
  const result = spawnSync(file, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0) return null;
  return /^ffmpeg version (\S+)/.exec(result.stdout)?.[1] ?? null;
}

/**
 * A packaged binary, made executable when it is not: the ffmpeg and ffprobe packages' only install script is a
 * chmod (package.json allowScripts approves it), and where install scripts are blocked this does its work.
 */
export function executable(file: string, name: string): string {
  try {
    accessSync(file, constants.X_OK);
    return file;
  } catch {
    // Not executable for this user: the install script did not run.
  }
  try {
    chmodSync(file, statSync(file).mode | 0o111);
    accessSync(file, constants.X_OK);
    return file;
  } catch (error) {
    throw new Error(`${name} at ${file} is not executable and could not be made so: run chmod +x on it`, { cause: error });
  }
}

export interface FfmpegResult {
  stdout: Buffer;
  /** ffmpeg writes its log and the filters' reports (astats, ebur128, volumedetect) here. */
  stderr: string;
}

const TIMEOUT_MS = 5 * 60_000;

/** Runs ffmpeg with these arguments (after -hide_banner -nostdin); rejects with the end of its log on failure. */
export function runFfmpeg(args: readonly string[]): Promise<FfmpegResult> {
  return startFfmpeg(args, { stdin: false }).finished;
}

export interface RunningFfmpeg {
  /** What ffmpeg reads as `pipe:0` (when started with stdin). Written with backpressure: see feed(). */
  stdin: Writable | null;
  finished: Promise<FfmpegResult>;
  kill(): void;
}

/** Starts ffmpeg; with `stdin`, it reads its input from what is written to it (the streaming master). */
export function startFfmpeg(args: readonly string[], options: { stdin: boolean }): RunningFfmpeg {
  const child = spawn(ffmpegPath(), ['-hide_banner', ...(options.stdin ? [] : ['-nostdin']), ...args], {
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  // A write after ffmpeg died fails with EPIPE: `finished` tells why.
  child.stdin?.on('error', () => undefined);
  const finished = new Promise<FfmpegResult>((resolve, reject) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const log = Buffer.concat(stderr).toString('utf8');
      if (code === 0) return resolve({ stdout: Buffer.concat(stdout), stderr: log });
      const tail = log.trim().split('\n').slice(-6).join('\n');
      reject(new Error(`ffmpeg failed (${signal ? `killed by ${signal}` : `exit code ${code}`}):\n${tail}`));
    });
  });
  return { stdin: child.stdin, finished, kill: () => void child.kill('SIGKILL') };
}

/** Writes to a running ffmpeg's input, waiting while its pipe is full. */
export async function feed(ffmpeg: RunningFfmpeg, data: Buffer): Promise<void> {
  const { stdin } = ffmpeg;
  if (!stdin || stdin.destroyed) throw new Error('ffmpeg is not reading its input');
  if (stdin.write(data)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stdin.off('drain', done);
      stdin.off('close', done);
      resolve();
    };
    stdin.on('drain', done);
    stdin.on('close', done);
  });
}

let encoders: Promise<string> | undefined;

/** Whether this ffmpeg build has an encoder (e.g. 'libmp3lame'); asked once per process. */
export async function hasEncoder(name: string): Promise<boolean> {
  encoders ??= runFfmpeg(['-encoders']).then((result) => result.stdout.toString('utf8'));
  const list = await encoders;
  return new RegExp(`^\\s*A\\S*\\s+${name}\\s`, 'm').test(list);
}
