import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { route } from '../../platform/contract-routes';
import { HttpError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { Auth } from '../auth/auth';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import { requireUser, toHeaders } from '../auth/session';
import type { ProfileService } from './profile.service';

export async function profileRoutes(
  app: FastifyInstance,
  { service, auth, throttle, clock }: { service: ProfileService; auth: Auth; throttle: SignInThrottle; clock: Clock },
): Promise<void> {
  // From memory until the profile changes (platform/personal-cache.ts).
  route(app, 'GET /api/me', async (request) => service.getMe(requireUser(request)), { config: { personalCache: true } });

  route(app, 'PATCH /api/me', async (request) => service.updateMe(requireUser(request), request.body));

  route(
    app,
    'DELETE /api/me',
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
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );
}
