import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_DOCS_PATH } from './openapi';

/** The page's own policy: what index.html, the scripts and the media may load. */
const documentPolicy = (secure: boolean, mediaOrigins: string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // sonner and React inline style attributes
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // The app's own audio, and the media store's origins when it is a bucket (nothing broader).
      mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
      // The player fetches the background sounds to mix them (Web Audio): from the media store too.
      connectSrc: ["'self'", ...mediaOrigins],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", 'https://appleid.apple.com', 'https://accounts.google.com'],
      frameAncestors: ["'none'"],
      ...(secure ? { upgradeInsecureRequests: [] } : {}),
    },
  },
  strictTransportSecurity: secure,
});

/**
 * API responses are data, never rendered as a page: nothing may sniff them into a page, load anything into one,
 * frame one or read one from another site. Browsers that know CSP take frame-ancestors for X-Frame-Options, and a
 * referrer policy governs only what a page loads. Fixed values, set in one call on the hot path.
 */
const apiHeaders = (secure: boolean): Record<string, string> => ({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
});

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Security headers on every response: helmet's for pages, files and media; the API set for /api/. Helmet's
 * middleware is built once here: @fastify/helmet rebuilt it (and re-parsed the policy) on every request,
 * which was most of the cost of a cached API response.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { secure, mediaOrigins = [] }: { secure: boolean; mediaOrigins?: string[] },
): void {
  const documents: Middleware = helmet(documentPolicy(secure, mediaOrigins));
  // Browsers ignore Cross-Origin-Opener-Policy on an untrustworthy origin (plain http at a LAN address) and log
  // an error for every page: there it is left out.
  const untrustworthyDocuments: Middleware = helmet({ ...documentPolicy(secure, mediaOrigins), crossOriginOpenerPolicy: false });
  const api = apiHeaders(secure);
  app.addHook('onRequest', (request, reply, done) => {
    // The API's readable page (/api/docs, Swagger UI) is a page: it gets the page policy.
    if (request.url.startsWith('/api/') && !request.url.startsWith(API_DOCS_PATH)) {
      reply.headers(api);
      done();
    } else {
      const policy = isTrustworthy(request.protocol, request.hostname) ? documents : untrustworthyDocuments;
      policy(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
    }
  });
}

/** A potentially trustworthy origin (W3C Secure Contexts): https, or a loopback host. */
export function isTrustworthy(protocol: string, hostname: string | undefined): boolean {
  if (protocol === 'https') return true;
  const host = (hostname ?? '').replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
