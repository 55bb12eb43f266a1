import { rm } from 'node:fs/promises';
import path from 'node:path';

/** URL prefix under which stored media is served. */
export const MEDIA_URL_PREFIX = '/media/';

export interface MediaStore {
  /** Removes the files behind these media URLs; URLs of other origins are ignored. */
  removeByUrls(urls: Iterable<string>): Promise<void>;
}

/** Files under DATA_DIR/media, addressed as /media/<name>. */
export function createLocalMediaStore(mediaDir: string): MediaStore {
  return {
    async removeByUrls(urls) {
      for (const url of urls) {
        if (!url.startsWith(MEDIA_URL_PREFIX)) continue;
        const name = path.basename(url.slice(MEDIA_URL_PREFIX.length));
        await rm(path.join(mediaDir, name), { force: true });
      }
    },
  };
}
