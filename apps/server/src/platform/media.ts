import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** URL prefix under which locally stored media is served (by @fastify/static in app.ts). */
export const MEDIA_URL_PREFIX = '/media/';

export interface MediaFile {
  /** File extension without the dot: 'mp3', 'm4a'. */
  extension: string;
  /** MIME type, e.g. 'audio/mpeg'. */
  contentType: string;
}

export interface MediaStore {
  /**
   * Stores the bytes under a name made of their SHA-256 and returns the URL to play them from
   * (/media/<hash>.mp3 locally, <publicUrl>/<hash>.mp3 in a bucket). Storing the same bytes again is a no-op
   * that returns the same URL, so files are immutable and can be cached forever.
   */
  put(data: Buffer, file: MediaFile): Promise<string>;
  /** Whether a URL this store returned still points at a stored file. */
  has(url: string): Promise<boolean>;
  /** Removes the files behind these media URLs; URLs of other origins are ignored. */
  removeByUrls(urls: Iterable<string>): Promise<void>;
}

/** <sha256 of the bytes>.<extension>: the same bytes always get the same name. */
export function contentHashedName(data: Buffer, extension: string): string {
  if (!/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`Invalid media file extension: ${JSON.stringify(extension)}`);
  return `${createHash('sha256').update(data).digest('hex')}.${extension}`;
}

const exists = async (file: string): Promise<boolean> => {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
};

/** Files under DATA_DIR/media, addressed as /media/<name>. */
export function createLocalMediaStore(mediaDir: string): MediaStore {
  const fileOf = (url: string): string | undefined =>
    url.startsWith(MEDIA_URL_PREFIX) ? path.join(mediaDir, path.basename(url.slice(MEDIA_URL_PREFIX.length))) : undefined;
  return {
    async put(data, { extension }) {
      const name = contentHashedName(data, extension);
      const file = path.join(mediaDir, name);
      if (!(await exists(file))) {
        await mkdir(mediaDir, { recursive: true });
        // Written aside and renamed, so a reader never sees half a file and two writers of the same bytes agree.
        const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
        try {
          await writeFile(partial, data);
          await rename(partial, file);
        } finally {
          await rm(partial, { force: true });
        }
      }
      return `${MEDIA_URL_PREFIX}${name}`;
    },
    async has(url) {
      const file = fileOf(url);
      return file !== undefined && exists(file);
    },
    async removeByUrls(urls) {
      for (const url of urls) {
        const file = fileOf(url);
        if (file) await rm(file, { force: true });
      }
    },
  };
}
