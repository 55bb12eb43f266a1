import type { FastifyBaseLogger } from 'fastify';
import { AUDIO_EXTENSIONS, SIBLING_EXTENSIONS, type MediaStore } from '../../platform/media';

/** A file younger than this is left alone: something may be about to refer to it (a voicing just stored). */
export const UNREFERENCED_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes the public media no row refers to (issue 21): audio of content that changed or went away, or of an
 * import that stopped between storing a file and saving its row. Runs after a content import. Files stored in
 * the last hour are kept, and people's own (private) files are never listed. Answers how many were removed.
 */
export async function removeUnreferencedMedia(deps: {
  media: Pick<MediaStore, 'listPublic' | 'removeByUrls'>;
  referencedNames: () => Promise<Set<string>>;
  logger: FastifyBaseLogger;
  now?: Date;
}): Promise<number> {
  const now = (deps.now ?? new Date()).getTime();
  // The references are read after the listing: a file stored meanwhile is young, and young files are kept.
  const files = await deps.media.listPublic();
  const referenced = await deps.referencedNames();
  // A file kept beside an audio file (its cues) lives as long as the audio does.
  const isReferenced = (name: string): boolean =>
    referenced.has(name) ||
    (SIBLING_EXTENSIONS.some((extension) => name.endsWith(`.${extension}`)) &&
      AUDIO_EXTENSIONS.some((extension) => referenced.has(name.replace(/\.[a-z0-9]+$/, `.${extension}`))));
  const unreferenced = files.filter(
    ({ url, modifiedAt }) => !isReferenced(url.split('?')[0]!.split('/').pop()!) && now - modifiedAt.getTime() > UNREFERENCED_GRACE_MS,
  );
  if (unreferenced.length === 0) return 0;
  await deps.media.removeByUrls(unreferenced.map(({ url }) => url));
  deps.logger.info({ removed: unreferenced.length, kept: files.length - unreferenced.length }, 'removed media no row refers to');
  return unreferenced.length;
}
