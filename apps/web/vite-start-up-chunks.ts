import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * One chunk per step of the app's start-up instead of the fifty-odd small ones automatic splitting makes. The
 * app starts in steps, each a dynamic import evaluated in a task of its own (main.tsx: the entry, then the
 * router, then the app; then the home screen's page): every module a step needs, and that no earlier step
 * brought, goes into that step's chunk. On a phone each file costs the main thread a request and a compile
 * task of its own, which together weighed more than the code in them. Modules only later screens use are left
 * to automatic splitting.
 *
 * `steps` are source files relative to the app's root, in the order the app loads them; the first is the
 * entry. Returns the plugin, which finds each step's modules once the module graph is built, and the
 * `codeSplitting` groups that read them.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function startUpChunks(root: string, steps: { name: string; module: string }[]) {
  const stepOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'selah:start-up-chunks',
    apply: 'build',
    buildEnd() {
      stepOf.clear();
      for (const step of steps) {
        const start = path.resolve(root, step.module);
        const pending = [start];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (stepOf.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) {
            if (id === start) this.error(`start-up-chunks: ${step.module} is not in the module graph`);
            continue;
          }
          // The entry module itself stays the entry chunk.
          stepOf.set(id, info.isEntry ? '' : step.name);
          pending.push(...info.importedIds);
        }
      }
    },
    // V8's explicit compile hint (Chrome 136+; other engines ignore the comment), on the first line of each step's
    // chunk: its functions are compiled while the file streams in, on a background thread, instead of on the main
    // thread at their first call. Added last, after Vite's own preload list at the top of the file; the source
    // map's mappings move down a line with the code.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const names = new Set(steps.map((step) => step.name));
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !names.has(output.name)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
  // Earlier steps take their modules first (a higher priority); a group also takes what its modules import, so
  // without the order the app's step would take the libraries the entry already brought.
  const groups = steps.map((step, index) => ({
    name: step.name,
    test: (id: string) => stepOf.get(id) === step.name,
    priority: steps.length - index,
  }));
  return { plugin, groups };
}
