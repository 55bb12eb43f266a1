/**
 * The whole API, each endpoint declared once (decision 017). The server registers its routes from this map;
 * the web's typed client imports its type only (`import type { Api }`), so paths and shapes cannot drift
 * and no schema reaches the app shell. Query keys are in query-keys.ts (no zod, for the web).
 */
import { authEndpoints } from './auth';
import { contentEndpoints } from './content';
import type { EndpointKey } from './endpoint';
import { exportsEndpoints } from './exports';
import { habitEndpoints } from './habit';
import { journeysEndpoints } from './journeys';
import { personalizedEndpoints } from './personalized';
import { platformEndpoints } from './platform';
import { profileEndpoints } from './profile';
import { pushEndpoints } from './push';
import { recordsEndpoints } from './records';
import { subscriptionEndpoints } from './subscription';

export const api = {
  ...authEndpoints,
  ...contentEndpoints,
  ...recordsEndpoints,
  ...personalizedEndpoints,
  ...journeysEndpoints,
  ...profileEndpoints,
  ...subscriptionEndpoints,
  ...pushEndpoints,
  ...habitEndpoints,
  ...exportsEndpoints,
  ...platformEndpoints,
};

export type Api = typeof api;
export type ApiKey = keyof Api & EndpointKey;
