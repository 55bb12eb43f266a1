import type { Api, ApiKey } from '@selah/domain/contract/api';
import { fillPath, splitKey, type BodyInput, type ParamsInput, type QueryInput, type ResponseOf } from '@selah/domain/contract/endpoint';
import type { ApiErrorBody } from '@selah/domain/errors';
import { serverFetch } from '../platform/http';

/** An API failure carrying the server's { error: { code, message } }. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One more try for network and server failures; a 4xx answer (missing, signed out, limit reached...) will not change. */
export function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

type Params<E> = E extends { params: unknown } ? { params: { [P in keyof ParamsInput<E>]: string | number } } : { params?: never };
type Query<E> = E extends { query: unknown } ? { query?: { [P in keyof QueryInput<E>]?: string | number } } : { query?: never };
type Body<E> = E extends { body: unknown } ? { body: BodyInput<E> } : { body?: never };

/** What a call of endpoint K sends: its path parameters, query and body, as the contract declares them. */
export type ApiInput<K extends ApiKey> = Params<Api[K]> & Query<Api[K]> & Body<Api[K]> & { signal?: AbortSignal };
/** What a call of endpoint K answers when it succeeds. */
export type ApiAnswer<K extends ApiKey> = ResponseOf<Api[K]>;

/**
 * Calls one endpoint of the contract (packages/domain/src/contract), by its key: `api('GET /api/records/:id',
 * { params: { id } })`. The key, the parameters, the body and the answer are all checked against the contract
 * at compile time, and only its types are imported, so no schema reaches the app shell. Same-origin JSON with
 * the session cookie; throws ApiError on a non-2xx answer.
 */
export function api<K extends ApiKey>(
  key: K,
  ...[input]: object extends ApiInput<K> ? [ApiInput<K>?] : [ApiInput<K>]
): Promise<ApiAnswer<K>> {
  const { method, path } = splitKey(key);
  const given = input as unknown as
    | {
        params?: Record<string, string | number>;
        query?: Record<string, string | number | undefined>;
        body?: unknown;
        signal?: AbortSignal;
      }
    | undefined;
  const { params, query, body, signal } = given ?? {};
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
  const queryString = search.toString();
  const url = queryString ? `${fillPath(path, params)}?${queryString}` : fillPath(path, params);
  return send<ApiAnswer<K>>(url, method, body, signal);
}

async function send<T>(url: string, method: string, body: unknown, signal: AbortSignal | undefined): Promise<T> {
  // Same-origin with the session cookie on the web; the configured server with the bearer token in the app.
  const response = await serverFetch(url, {
    method,
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    if (isApiErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message);
    throw new ApiError(response.status, `HTTP_${response.status}`, response.statusText);
  }
  // The server serialized this answer through the same contract's response schema.
  return data as T;
}

function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null || !('error' in data)) return false;
  const error = (data as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
