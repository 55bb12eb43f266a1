/**
 * One HTTP endpoint of the API, declared once: its method and path (the key "GET /api/records/:id"), the zod
 * schemas of its params, query, body and of every JSON answer, and the answers that are not JSON (a stream, a
 * file, a redirect). The server registers its routes from these declarations (apps/server/src/platform/
 * contract-routes.ts); the web calls them by key through a typed client (apps/web/src/lib/api.ts) that imports
 * only their types, so no schema reaches the app shell. Decision 017.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** An answer that is not a JSON body: shown in the OpenAPI document, never serialized by the server. */
export interface OtherResponse {
  description: string;
  /** Absent for a body-less answer (a redirect). */
  contentType?: string;
}

export interface EndpointDefinition {
  /** The OpenAPI group. */
  tag: string;
  summary?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Every JSON answer by status, errors included. */
  responses: { readonly [status: number]: z.ZodType };
  /** Answers that are not JSON, by status. */
  otherResponses?: { readonly [status: number]: OtherResponse };
  /** Left out of the OpenAPI document (development and test-only routes). */
  hidden?: boolean;
}

/** "METHOD /path", with :name for each path parameter. */
export type EndpointKey = `${HttpMethod} /${string}`;

/** Declares endpoints: keeps each literal type, checks each shape. */
export const defineEndpoints = <const T extends Record<EndpointKey, EndpointDefinition>>(endpoints: T): T => endpoints;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Part<E, P extends 'params' | 'query' | 'body'> = E extends { readonly [K in P]: infer S } ? S : undefined;

/** What a handler receives (after parsing) and what a client sends (before parsing). */
export type ParamsOf<E> = Output<Part<E, 'params'>>;
export type QueryOf<E> = Output<Part<E, 'query'>>;
export type BodyOf<E> = Output<Part<E, 'body'>>;
export type ParamsInput<E> = Input<Part<E, 'params'>>;
export type QueryInput<E> = Input<Part<E, 'query'>>;
export type BodyInput<E> = Input<Part<E, 'body'>>;

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessSchemas<E> = E extends { readonly responses: infer R } ? R[Extract<keyof R, SuccessStatus>] : never;

/** The JSON a success answer carries, as the client reads it. */
export type ResponseOf<E> = Output<SuccessSchemas<E>>;
/** What a handler may return for a success answer (the serializer's input). */
export type ReplyOf<E> = Input<SuccessSchemas<E>>;

/** The path with its parameters filled in, each encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Splits a key into its method and path. */
export function splitKey(key: EndpointKey): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}
