import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { FastifySchema } from 'fastify/types/schema';
import { api, type Api, type ApiKey } from '@selah/domain/contract/api';
import { splitKey, type BodyOf, type EndpointDefinition, type ParamsOf, type QueryOf, type ReplyOf } from '@selah/domain/contract/endpoint';

/** The request a handler of endpoint K receives: params, query and body parsed by the endpoint's schemas. */
export type ContractRequest<K extends ApiKey> = FastifyRequest<{
  Params: ParamsOf<Api[K]>;
  Querystring: QueryOf<Api[K]>;
  Body: BodyOf<Api[K]>;
}>;

// void: a handler that took the connection over (reply.hijack()).
type Answer<K extends ApiKey> = ReplyOf<Api[K]> | FastifyReply | undefined | void;
export type ContractHandler<K extends ApiKey> = (request: ContractRequest<K>, reply: FastifyReply) => Answer<K> | Promise<Answer<K>>;

/** What a route adds to its declaration: limits and per-route plugin settings. */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'config' | 'onRequest'> & {
  compress?: false;
  decompress?: false;
  /**
   * The schemas describe the endpoint for the document only: the handler checks what it receives and answers
   * bodies made elsewhere (better-auth's), so nothing is validated or serialized through them.
   */
  documentOnly?: true;
};

const unchecked = {
  validatorCompiler: () => (value: unknown) => ({ value }),
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};

/** The schema key carrying the answers that are not JSON, for the OpenAPI document only (openapi.ts). */
export const OTHER_RESPONSES = 'x-other-responses';

/**
 * Registers the route of endpoint `key` (packages/domain/src/contract) with its schemas: Fastify validates
 * params, query and body with them and serializes every JSON answer through its response schema.
 */
export function route<K extends ApiKey>(app: FastifyInstance, key: K, handler: ContractHandler<K>, options: RouteExtras = {}): void {
  const { documentOnly, ...extras } = options;
  const endpoint: EndpointDefinition = api[key];
  const { method, path } = splitKey(key);
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [endpoint.tag],
    ...(endpoint.summary ? { summary: endpoint.summary } : {}),
    ...(endpoint.hidden ? { hide: true } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: endpoint.responses,
    ...(endpoint.otherResponses ? { [OTHER_RESPONSES]: endpoint.otherResponses } : {}),
  };
  app.route({
    method,
    url: path,
    schema,
    ...extras,
    ...(documentOnly ? unchecked : {}),
    handler: handler as unknown as RouteHandlerMethod,
  });
}
