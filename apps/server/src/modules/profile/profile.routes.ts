import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@selah/domain/errors';
import { deleteMeSchema, meSchema, updateMeSchema } from '@selah/domain/profile';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { HttpError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { Auth } from '../auth/auth';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import { requireUser, toHeaders } from '../auth/session';
import type { ProfileService } from './profile.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService; auth: Auth; throttle: SignInThrottle; clock: Clock }> = async (
  app,
  { service, auth, throttle, clock },
) => {
  app.get('/api/me', { schema: { tags: ['profile'], response: { 200: meSchema, ...errors } } }, async (request) => {
    return service.getMe(requireUser(request));
  });

  app.patch('/api/me', { schema: { tags: ['profile'], body: updateMeSchema, response: { 200: meSchema, ...errors } } }, async (request) =>
    service.updateMe(requireUser(request), request.body),
  );

  app.delete(
    '/api/me',
    {
      schema: { tags: ['profile'], body: deleteMeSchema, response: { 200: z.object({ deleted: z.literal(true) }), ...errors } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // A typed password is a guess like a sign-in's: it counts against the same account's wait.
      if (request.body.password !== undefined) {
        const attempt = await throttle.begin(user.email, clock.now());
        if (!attempt.allowed) {
          reply.header('retry-after', String(attempt.retryAfterSeconds));
          throw new HttpError(429, ERROR_CODES.tooManyAttempts, 'Too many attempts. Please wait a few minutes and try again.');
        }
      }
      const headers = await service.deleteAccount(auth, user, request.body.password, toHeaders(request));
      for (const cookie of headers.getSetCookie()) reply.header('set-cookie', cookie);
      return { deleted: true as const };
    },
  );
};
