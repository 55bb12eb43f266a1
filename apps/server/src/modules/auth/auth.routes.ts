import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../platform/config';
import type { Auth } from './auth';

/**
 * Mounts better-auth's handler under /api/auth/*. Bodies are passed through untouched (JSON from the
 * web app, form posts from Apple's callback); failures keep better-auth's fields for its client and
 * gain our { error: { code, message } } shape.
 */
export async function authRoutes(app: FastifyInstance, options: { auth: Auth; config: AppConfig }): Promise<void> {
  const { auth, config } = options;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const url = new URL(request.url, config.publicUrl);
    const body = typeof request.body === 'string' && request.body.length > 0 ? request.body : undefined;
    const response = await auth.handler(new Request(url, { method: request.method, headers, body }));

    reply.status(response.status);
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    });
    const text = await response.text();
    if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('json')) {
      return reply.send(withErrorShape(text, response.status));
    }
    return reply.send(text.length > 0 ? text : null);
  };

  // Session reads are frequent and cheap; everything that writes is rate limited.
  app.get('/api/auth/*', forward);
  app.post('/api/auth/*', { config: { rateLimit: { max: config.authRateLimitMax, timeWindow: '1 minute' } } }, forward);
}

function withErrorShape(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    return JSON.stringify({
      ...body,
      error: { code: body.code ?? `HTTP_${status}`, message: body.message ?? 'Authentication failed' },
    });
  } catch {
    return JSON.stringify({ error: { code: `HTTP_${status}`, message: text || 'Authentication failed' } });
  }
}
