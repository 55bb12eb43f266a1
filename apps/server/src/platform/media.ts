import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** URL prefix under which locally stored media is served (by @fastify/static in app.ts). */
export const MEDIA_URL_PREFIX = '/media/';
/**
 * A person's own audio (their prayers, their journey days) is stored as /media/private/<owner>/<file>: served
 * only through short-lived signed addresses (media-signing.ts), never by the public static files.
 */
export const PRIVATE_MEDIA_PREFIX = '/media/private/';
const OWNER = /^[A-Za-z0-9_-]{1,64}$/;
const FILE = /^[a-f0-9]{64}\.[a-z0-9]{1,8}$/;

/** The owner and file name of a private media address, or undefined for any other. */
export function parsePrivateRef(ref: string): { owner: string; name: string } | undefined {
  if (!ref.startsWith(PRIVATE_MEDIA_PREFIX)) return undefined;
  const [owner = '', name = '', ...rest] = ref.slice(PRIVATE_MEDIA_PREFIX.length).split('/');
  return rest.length === 0 && OWNER.test(owner) && FILE.test(name) ? { owner, name } : undefined;
}

export const privateRef = (owner: string, name: string): string => {
  if (!OWNER.test(owner)) throw new Error(`Invalid media owner: ${JSON.stringify(owner)}`);
  return `${PRIVATE_MEDIA_PREFIX}${owner}/${name}`;
};

/** Where a private file is read from: a local file, or a presigned address of the bucket. */
export type PrivateSource = { kind: 'file'; root: string; path: string } | { kind: 'redirect'; url: string };

export interface MediaFile {
  /** File extension without the dot: 'mp3', 'm4a'. */
  extension: string;
  /** MIME type, e.g. 'audio/mpeg'. */
  contentType: string;
  /** The user whose own audio this is: stored privately (PRIVATE_MEDIA_PREFIX), not publicly. */
  owner?: string;
  /**
   * Store under this URL's file name (with `extension`) instead of the bytes' hash: a file that belongs to
   * another, e.g. an audio file's WebVTT cues (issue 22). Removing the other removes it too (siblingUrls).
   */
  beside?: string;
}

/** File extensions of the files kept beside an audio file under its name: its cues. */
export const SIBLING_EXTENSIONS = ['vtt'] as const;
/** The extensions an audio file is stored under (master-speech's encodings: MP3, or AAC in an .m4a). */
export const AUDIO_EXTENSIONS = ['mp3', 'm4a'] as const;

/** The URL of a file kept beside `url` (same name, this extension), query string dropped. */
export function siblingUrl(url: string, extension: string): string {
  const path = url.split('?', 1)[0]!;
  return `${path.replace(/\.[a-z0-9]{1,8}$/, '')}.${extension}`;
}

/** `urls` and the files kept beside each (its cues): what to remove with them. */
export function withSiblings(urls: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const url of urls) {
    all.add(url);
    if (!SIBLING_EXTENSIONS.some((extension) => url.split('?', 1)[0]!.endsWith(`.${extension}`))) {
      for (const extension of SIBLING_EXTENSIONS) all.add(siblingUrl(url, extension));
    }
  }
  return [...all];
}

/** The name a file is stored under: the bytes' hash, or the name of the file it belongs beside. */
export function storedNameOf(data: Buffer, file: Pick<MediaFile, 'extension' | 'beside'>): string {
  if (file.beside === undefined) return contentHashedName(data, file.extension);
  const base = file.beside.split('?', 1)[0]!.split('/').pop() ?? '';
  if (!STORED_NAME.test(base)) throw new Error(`Cannot store beside ${JSON.stringify(file.beside)}: not a stored file`);
  if (!/^[a-z0-9]{1,8}$/.test(file.extension)) throw new Error(`Invalid media file extension: ${JSON.stringify(file.extension)}`);
  return `${base.replace(/\.[a-z0-9]{1,8}$/, '')}.${file.extension}`;
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
  /** The bytes behind a URL this store returned (a person's export reads their files), or undefined. */
  read(url: string): Promise<Buffer | undefined>;
  /** Removes the files behind these media URLs; URLs of other origins are ignored. */
  removeByUrls(urls: Iterable<string>): Promise<void>;
  /** The public files (content audio), with their URLs and when each was stored; never people's own. */
  listPublic(): Promise<Array<{ url: string; modifiedAt: Date }>>;
  /** How to serve a private file, or undefined when there is none. */
  privateSource(ref: string): Promise<PrivateSource | undefined>;
  /** Removes every private file of this owner (account deletion). */
  removeOwner(owner: string): Promise<void>;
  /**
   * Copies a file stored publicly before people's audio became private into the owner's private space;
   * answers its private address, or undefined when the URL is not this store's or the file is gone.
   */
  copyToPrivate(url: string, owner: string): Promise<string | undefined>;
}

/** A stored file's name: <sha256 of the bytes>.<extension> (contentHashedName). */
export const STORED_NAME = /^[a-f0-9]{64}\.[a-z0-9]{1,8}$/;

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

/**
 * Files under DATA_DIR/media, addressed as /media/<name>; a person's own under DATA_DIR/private-media/<owner>,
 * addressed as /media/private/<owner>/<name> (served only through signed addresses).
 */
export function createLocalMediaStore(mediaDir: string, privateDir: string): MediaStore {
  const fileOf = (url: string): string | undefined => {
    const own = parsePrivateRef(url);
    if (own) return path.join(privateDir, own.owner, own.name);
    return url.startsWith(MEDIA_URL_PREFIX) && !url.startsWith(PRIVATE_MEDIA_PREFIX)
      ? path.join(mediaDir, path.basename(url.slice(MEDIA_URL_PREFIX.length)))
      : undefined;
  };
  return {
    async put(data, meta) {
      const { owner } = meta;
      const name = storedNameOf(data, meta);
      const ref = owner ? privateRef(owner, name) : `${MEDIA_URL_PREFIX}${name}`;
      const dir = owner ? path.join(privateDir, owner) : mediaDir;
      const file = path.join(dir, name);
      if (!(await exists(file))) {
        await mkdir(dir, { recursive: true });
        // Written aside and renamed, so a reader never sees half a file and two writers of the same bytes agree.
        const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
        try {
          await writeFile(partial, data);
          await rename(partial, file);
        } finally {
          await rm(partial, { force: true });
        }
      }
      return ref;
    },
    async has(url) {
      const file = fileOf(url);
      return file !== undefined && exists(file);
    },
    async read(url) {
      const file = fileOf(url.split('?', 1)[0]!);
      return file !== undefined && (await exists(file)) ? readFile(file) : undefined;
    },
    async removeByUrls(urls) {
      for (const url of withSiblings(urls)) {
        const file = fileOf(url);
        if (file) await rm(file, { force: true });
      }
    },
    async listPublic() {
      const names = await readdir(mediaDir).catch(() => [] as string[]);
      const files: Array<{ url: string; modifiedAt: Date }> = [];
      for (const name of names.filter((candidate) => STORED_NAME.test(candidate))) {
        const info = await stat(path.join(mediaDir, name)).catch(() => null);
        if (info?.isFile()) files.push({ url: `${MEDIA_URL_PREFIX}${name}`, modifiedAt: info.mtime });
      }
      return files;
    },
    async privateSource(ref) {
      const own = parsePrivateRef(ref);
      if (!own || !(await exists(path.join(privateDir, own.owner, own.name)))) return undefined;
      return { kind: 'file', root: privateDir, path: `/${own.owner}/${own.name}` };
    },
    async removeOwner(owner) {
      if (OWNER.test(owner)) await rm(path.join(privateDir, owner), { recursive: true, force: true });
    },
    async copyToPrivate(url, owner) {
      if (parsePrivateRef(url)) return url;
      const from = fileOf(url);
      if (!from || !(await exists(from))) return undefined;
      const name = path.basename(from);
      const ref = privateRef(owner, name);
      await mkdir(path.join(privateDir, owner), { recursive: true });
      await copyFile(from, path.join(privateDir, owner, name));
      return ref;
    },
  };
}
