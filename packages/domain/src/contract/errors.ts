import { apiErrorSchema } from '../errors';

/** The error answers of an endpoint, each { error: { code, message } }. */
export const errorResponses = <const S extends readonly number[]>(...statuses: S) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as { [K in S[number]]: typeof apiErrorSchema };
