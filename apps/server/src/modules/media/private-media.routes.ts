import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import { route } from '../../platform/contract-routes';
import { HttpError } from '../../platform/errors';
import { AUDIO_EXTENSIONS, PRIVATE_MEDIA_PREFIX, siblingUrl, type MediaStore } from '../../platform/media';

import type { MediaSigner } from '../../platform/media-signing';

const forbidden = () => new HttpError(403, 'FORBIDDEN', 'This address is not valid or has expired.');

/**
 * A person's own audio, at the signed addresses the API hands them (media-signing.ts): checked, then streamed
 * from disk with byte ranges, or redirected to a presigned address of the bucket. Caches keep it private and
 * no longer than the signature lasts.
 */
export async function privateMediaRoutes(
  app: FastifyInstance,
  { media, signer, clock }: { media: MediaStore; signer: MediaSigner; clock: Clock },
): Promise<void> {
  route(
    app,
    'GET /media/private/:owner/:file',
    async (request, reply) => {
      const { owner, file } = request.params;
      const { exp, sig } = request.query;
      const ref = `${PRIVATE_MEDIA_PREFIX}${owner}/${file}`;
      if (exp === undefined || sig === undefined) throw forbidden();
      // An audio file's cues (its .vtt, stored beside it) are served with the audio's own signature.
      const signedRefs = file.endsWith('.vtt') ? AUDIO_EXTENSIONS.map((extension) => siblingUrl(ref, extension)) : [ref];
      if (!signedRefs.some((signed) => signer.verify(signed, exp, sig))) throw forbidden();
      const source = await media.privateSource(ref);
      if (!source) throw new HttpError(404, 'NOT_FOUND', 'No such audio.');
      const maxAge = Math.max(0, exp - Math.floor(clock.now().getTime() / 1000));
      reply.header('cache-control', `private, max-age=${maxAge}`).header('referrer-policy', 'no-referrer');
      if (source.kind === 'redirect') {
        // A piece of a prayer being voiced is fetched by hls.js, a script: from the app's own origin, whose CORS
        // is ours, not the bucket's (a few kilobytes each).
        if (file.endsWith('.ts')) {
          const data = await media.read(ref);
          if (!data) throw new HttpError(404, 'NOT_FOUND', 'No such audio.');
          return reply.type('video/mp2t').send(data);
        }
        return reply.redirect(source.url, 302);
      }
      const result = await send(request.raw, source.path, { root: source.root, acceptRanges: true, cacheControl: false, dotfiles: 'deny' });
      if (result.type === 'error') {
        const status = (result.metadata.error as { status?: number }).status;
        if (status === 416) throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', 'That part of the audio does not exist.');
        throw new HttpError(404, 'NOT_FOUND', 'No such audio.');
      }
      return reply.status(result.statusCode).headers(result.headers).send(result.stream);
    },
    { compress: false },
  );
}
