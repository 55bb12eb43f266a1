import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { FastifySchema } from 'fastify/types/schema';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OtherResponse } from '@selah/domain/contract/endpoint';
import { OTHER_RESPONSES } from './contract-routes';

/** The OpenAPI document (JSON for a program) and its readable page (for a browser). */
export const API_DOCS_PATH = '/api/docs';

export const OPENAPI_INFO = {
  title: 'Selah API',
  version: '1.0.0',
  description:
    'The API of Selah, the audio prayer app. Every answer that fails is `{ "error": { "code", "message" } }`. ' +
    'Signed-in routes read the session cookie set by /api/auth (better-auth).',
};

/** What each answer means, for the document (an error's own code and message say more). */
const STATUS_MEANING: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
  '400': 'The request is not valid (VALIDATION_ERROR and others)',
  '401': 'Not signed in (UNAUTHORIZED)',
  '403': 'Not allowed: the plan’s limit, a paid plan’s feature, or an address that is not valid',
  '404': 'Not found (NOT_FOUND)',
  '409': 'In conflict with the current state (it changed, or is already under way)',
  '413': 'The body is too large',
  '415': 'Send JSON (Content-Type: application/json)',
  '416': 'That part of the file does not exist',
  '422': 'Refused by the account rules (better-auth)',
  '429': 'Too many requests or attempts; wait (Retry-After)',
  '502': 'The purchase service did not answer (STORE_UNREACHABLE); try again',
};

/**
 * @fastify/swagger's transform: the zod schemas become JSON Schema (fastify-type-provider-zod), and the answers
 * that are not JSON (a stream, audio, a redirect) are described with their own content type.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const { [OTHER_RESPONSES]: other, ...rest } = (input.schema ?? {}) as FastifySchema & Record<string, unknown>;
  const result = jsonSchemaTransform({ ...input, schema: rest });
  if ((result.schema as { hide?: boolean }).hide) return result;
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries((result.schema as { response?: Record<string, object> }).response ?? {})) {
    response[status] = { 'x-response-description': STATUS_MEANING[status] ?? `HTTP ${status}`, ...schema };
  }
  for (const [status, { description, contentType }] of Object.entries((other ?? {}) as Record<string, OtherResponse>)) {
    response[status] = contentType
      ? {
          description,
          content: { [contentType]: { schema: { type: 'string', ...(contentType.startsWith('audio/') ? { format: 'binary' } : {}) } } },
        }
      : { description, type: 'null' };
  }
  return { ...result, schema: { ...result.schema, response } };
};

/**
 * Registers the document (built from every route's schemas, so before the routes) and the page at /api/docs:
 * Swagger UI, served from the package, for a browser (Accept: text/html); the JSON document for anything else.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, { openapi: { info: OPENAPI_INFO }, transform: openApiTransform });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: OPENAPI_INFO.title },
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    uiHooks: {
      onRequest: (request, reply, done) => {
        const url = request.url.split('?')[0];
        if ((url === API_DOCS_PATH || url === `${API_DOCS_PATH}/`) && !(request.headers.accept ?? '').includes('text/html')) {
          void reply.send(app.swagger());
          return;
        }
        done();
      },
    },
  });
}
