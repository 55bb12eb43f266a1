import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@selah/domain/errors';

/** An error with an HTTP status and a stable code; the handler turns it into the JSON error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found'): HttpError => new HttpError(404, ERROR_CODES.notFound, message);
export const unauthorized = (): HttpError => new HttpError(401, ERROR_CODES.unauthorized, 'You need to be signed in.');

/**
 * Fastify's own refusals before any route runs (a malformed %-escape, a path parameter over its length):
 * the same JSON error shape as every other failure. Passed to Fastify({ frameworkErrors }).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ error: { code: 'URI_TOO_LONG', message: 'The address is too long.' } });
    return;
  }
  void reply.status(400).send({ error: { code: ERROR_CODES.validation, message: 'The address is not valid.' } });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over 16 KB, a malformed request line or
 * chunked body, an unknown method): the same JSON error shape. Passed to Fastify({ clientErrorHandler }).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long.']
        : [400, ERROR_CODES.validation, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * The requests Node's HTTP server answers before any route (an Expect header it does not know: 417; CONNECT:
 * otherwise a closed connection), in the same JSON error shape.
 */
export function answerNodeRefusals(server: Server): void {
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({ error: { code: 'EXPECTATION_FAILED', message: 'Only "Expect: 100-continue" is understood.' } });
    response.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    const body = JSON.stringify({ error: { code: 'METHOD_NOT_ALLOWED', message: 'CONNECT is not served here.' } });
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * PostgreSQL's data exceptions (class 22: a value it cannot store or cast, such as a NUL character or an
 * impossible date) are the client's bad input that slipped past validation: 400, never 500.
 */
function isDataException(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Fastify's internal codes for the client errors it raises, as our codes. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ERROR_CODES.validation,
  FST_ERR_CTP_INVALID_TYPE: ERROR_CODES.validation,
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? `${error.validationContext ?? 'body'}${first.instancePath}` : error.validationContext;
      return reply.status(400).send({
        error: {
          code: ERROR_CODES.validation,
          message: `Invalid ${where ?? 'request'}: ${first?.message ?? 'bad input'}`,
        },
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      // A body that does not parse is a validation failure like any other, not a Fastify internals code.
      return reply.status(400).send({ error: { code: ERROR_CODES.validation, message: `Invalid body: ${error.message}` } });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'request refused: a value the database cannot take');
      return reply.status(400).send({ error: { code: ERROR_CODES.validation, message: 'Invalid request: a value is not acceptable.' } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: ERROR_CODES.rateLimited, message: 'Too many requests. Please try again later.' } });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: { code: FASTIFY_CODES[error.code] ?? error.code ?? 'BAD_REQUEST', message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: ERROR_CODES.internal, message: 'Something went wrong. Please try again later.' } });
  });
}
