import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the content import makes audio and rows from: every file under the content folder (names and bytes) and
 * the voice's settings. The same fingerprint means the last full import already holds it all, so a worker that
 * starts does not import again (issue 21).
 */
export async function contentFingerprint(contentDir: string, voicerId: string): Promise<string> {
  const hash = createHash('sha256').update(`voice:${voicerId}\n`);
  const files = (await readdir(contentDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(contentDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    const bytes = await readFile(path.join(contentDir, file));
    hash.update(`${file}\n${bytes.length}\n`).update(bytes);
  }
  return hash.digest('hex');
}
