import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';
import { HttpError } from '../../platform/errors';
import type { MediaSigner } from '../../platform/media-signing';
import type { RecordsService } from './records.service';
import { streamRefOf } from './records.view';

/**
 * A prayer while it is voiced (issue 23): its HLS playlist at the signed address its record gives (no cookie
 * needed, as for its audio). Never cached: it grows every two seconds until it ends.
 */
export async function streamRoutes(
  app: FastifyInstance,
  { service, signer }: { service: RecordsService; signer: MediaSigner },
): Promise<void> {
  route(
    app,
    'GET /media/private/:owner/streams/:file',
    async (request, reply) => {
      const { owner, file } = request.params;
      const { exp, sig } = request.query;
      const recordId = file.slice(0, -'.m3u8'.length);
      if (exp === undefined || sig === undefined || !signer.verify(streamRefOf(owner, recordId), exp, sig)) {
        throw new HttpError(403, 'FORBIDDEN', 'This address is not valid or has expired.');
      }
      const playlist = await service.playlist(owner, recordId);
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
