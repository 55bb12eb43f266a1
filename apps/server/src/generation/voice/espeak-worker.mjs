// One espeak-ng WebAssembly engine on a worker thread (see espeak.ts): sentences are synthesized here so that
// several can be voiced at once on several cores while the main thread keeps serving requests.
// Plain JavaScript: it runs as is from src/ (tests) and is copied next to dist/main.js by build.mjs.
import { parentPort } from 'node:worker_threads';
import createESpeakNG from '@echogarden/espeak-ng-emscripten';

const messages = [];
const keep = (text) => {
  messages.push(text);
  if (messages.length > 5) messages.shift();
};
const engine = createESpeakNG({ print: keep, printErr: keep }).then((module) => new module.eSpeakNGWorker());

parentPort.on('message', async ({ id, text, voice, rate, pitch, range }) => {
  try {
    const worker = await engine;
    const status = worker.set_voice(voice);
    if (status !== 0) throw new Error(`voice ${voice} is not available (status ${status})`);
    worker.set_rate(rate);
    worker.set_pitch(pitch);
    worker.set_range(range);
    const chunks = [];
    worker.synthesize(text, (samples) => {
      chunks.push(samples.slice());
      return false;
    });
    const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const samples = new Int16Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      samples.set(chunk, offset);
      offset += chunk.length;
    }
    parentPort.postMessage({ id, samples, sampleRate: worker.samplerate, messages: length === 0 ? messages.join('; ') : '' }, [
      samples.buffer,
    ]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
