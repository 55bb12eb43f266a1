import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';
import { HttpError } from '../../platform/errors';
import type { MediaSigner } from '../../platform/media-signing';
import { journeyStreamName, streamRefOf } from './media.service';

/** Where the playlists come from: undefined when there is no such audio of this owner (or nothing of it yet). */
export interface StreamSources {
  /** A person's prayer while it is voiced (and after: a player may be in the middle of it). */
  record(owner: string, recordId: string): Promise<string | undefined>;
  /** The first day of a person's personalized journey, voiced while the other days are made. */
  journeyDay(owner: string, journeyId: string): Promise<string | undefined>;
}

const DAY_ONE = journeyStreamName('');

/**
 * Audio while it is voiced (issue 23): its HLS playlist at the signed address the record or journey gives (no
 * cookie needed, as for its audio). Never cached: it grows every two seconds until it ends.
 */
export async function streamRoutes(
  app: FastifyInstance,
  { sources, signer }: { sources: StreamSources; signer: MediaSigner },
): Promise<void> {
  route(
    app,
    'GET /media/private/:owner/streams/:file',
    async (request, reply) => {
      const { owner, file } = request.params;
      const { exp, sig } = request.query;
      const name = file.slice(0, -'.m3u8'.length);
      if (exp === undefined || sig === undefined || !signer.verify(streamRefOf(owner, name), exp, sig)) {
        throw new HttpError(403, 'FORBIDDEN', 'This address is not valid or has expired.');
      }
      const playlist = name.endsWith(DAY_ONE)
        ? await sources.journeyDay(owner, name.slice(0, -DAY_ONE.length))
        : await sources.record(owner, name);
      if (playlist === undefined) throw new HttpError(404, 'NOT_FOUND', 'No such audio.');
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'private, no-cache')
        .header('referrer-policy', 'no-referrer')
        .send(playlist);
    },
    { compress: false },
  );
}
