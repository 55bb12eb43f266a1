import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@selah/domain/languages';
import { createTestApp, expectApiError, type TestApp } from './helpers';

const EN = { 'dashboard.title': 'Today', 'login.failed': 'Failed to log in. Please check your email and password.' };
const ES = { 'dashboard.title': 'Hoy' };

describe('locales, web and platform', () => {
  let t: TestApp;
  let fixtures: string;
  beforeAll(async () => {
    // content/locales ships no translation files yet, so the test brings its own.
    fixtures = mkdtempSync(path.join(tmpdir(), 'selah-web-'));
    const locales = path.join(fixtures, 'locales');
    mkdirSync(path.join(locales, 'en'), { recursive: true });
    mkdirSync(path.join(locales, 'es'), { recursive: true });
    mkdirSync(path.join(locales, 'pl'), { recursive: true });
    writeFileSync(path.join(locales, 'en', 'translation.json'), JSON.stringify(EN));
    writeFileSync(path.join(locales, 'es', 'translation.json'), JSON.stringify(ES));
    // A built web app: index.html and a hashed asset.
    const web = path.join(fixtures, 'web');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Selah</title><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'index-abc123.js'), 'console.log("selah")');
    writeFileSync(path.join(web, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(web, 'manifest.webmanifest'), JSON.stringify({ name: 'Selah', start_url: '/dashboard' }));
    t = await createTestApp({ env: { LOCALES_DIR: locales, WEB_DIST_DIR: web } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  describe('translation files', () => {
    it.each([
      ['en', EN],
      ['es', ES],
    ])('serves /locales/%s/translation.json', async (language, expected) => {
      const response = await t.app.inject({ url: `/locales/${language}/translation.json` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(response.json()).toEqual(expected);
    });

    it('answers a supported language without a file with a JSON 404', async () => {
      const error = expectApiError(await t.app.inject({ url: '/locales/pl/translation.json' }), 404, 'NOT_FOUND');
      expect(error.message).toContain('pl/translation.json');
    });

    it('answers an unknown namespace with a JSON 404', async () => {
      expectApiError(await t.app.inject({ url: '/locales/en/nothing.json' }), 404, 'NOT_FOUND');
    });

    it('answers an unsupported language with a JSON 400', async () => {
      expectApiError(await t.app.inject({ url: '/locales/fr/translation.json' }), 400, 'VALIDATION_ERROR');
    });

    it.each(['/locales/en/..%2F..%2Fpackage.json', '/locales/en/%2E%2E%2Ftranslation.json', '/locales/en/translation.txt'])(
      'refuses a file name outside the pattern: %s',
      async (url) => {
        const response = await t.app.inject({ url });
        expect([400, 404]).toContain(response.statusCode);
        expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
      },
    );

    it('has no add path outside development', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/locales/add/en/translation', payload: { 'a.key': 'A' } });
      expectApiError(response, 404, 'NOT_FOUND');
    });

    describe('in development', () => {
      let dev: TestApp;
      beforeAll(async () => {
        dev = await createTestApp({
          env: { NODE_ENV: 'development', LOCALES_DIR: path.join(fixtures, 'locales'), WEB_DIST_DIR: path.join(fixtures, 'web') },
        });
      });
      afterAll(async () => dev.close());

      it('takes missing keys on the add path with 204', async () => {
        const response = await dev.app.inject({ method: 'POST', url: '/locales/add/en/translation', payload: { 'a.key': 'A' } });
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
      });

      it('refuses missing keys for an unsupported language or a non-object body', async () => {
        expectApiError(
          await dev.app.inject({ method: 'POST', url: '/locales/add/fr/translation', payload: { 'a.key': 'A' } }),
          400,
          'VALIDATION_ERROR',
        );
        expectApiError(
          await dev.app.inject({ method: 'POST', url: '/locales/add/en/translation', payload: { 'a.key': 42 } }),
          400,
          'VALIDATION_ERROR',
        );
      });
    });
  });

  describe('web app', () => {
    it('redirects / to /dashboard', async () => {
      const response = await t.app.inject({ url: '/' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/dashboard');
    });

    it.each(['/dashboard', '/journey-plan/abc', '/reset-password?token=x'])('answers the client route %s with index.html', async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"></div>');
    });

    it('answers a page address holding a dot with index.html: a journey day id is read like parseInt (1.9 is day 1)', async () => {
      const response = await t.app.inject({ url: '/journey-day/faith-boost/1.9' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    });

    it('serves hashed assets as immutable', async () => {
      const response = await t.app.inject({ url: '/assets/index-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('immutable');
    });

    // Unhashed names: a browser must ask again each time, or a new release would not reach an installed app.
    it.each([
      ['/service-worker.js', /^(text|application)\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ])('serves the offline worker file %s for revalidation on every visit', async (url, contentType) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(contentType);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it.each(['/ready', '/metrics', '/wp-admin', '/.env', '/no-such-page', '/dashboardx/1', '/.well-known/security.txt'])(
      'answers the unknown address %s with a JSON 404 to a probe, a script or a scraper',
      async (url) => {
        for (const accept of ['*/*', 'application/json', 'text/plain;version=0.0.4', undefined]) {
          const response = await t.app.inject({ url, headers: accept ? { accept } : {} });
          if (url === '/ready' || url === '/metrics') expect(response.headers['content-type']).not.toMatch(/^text\/html/);
          else expectApiError(response, 404, 'NOT_FOUND');
        }
      },
    );

    it('answers an unknown address a browser opens as a page with the not-found page and the 404 status', async () => {
      for (const headers of [
        { 'sec-fetch-mode': 'navigate', accept: 'text/html' },
        { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      ]) {
        const response = await t.app.inject({ url: '/no-such-page', headers });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).toContain('<div id="root"></div>');
      }
      // A script's fetch from a page (sec-fetch-mode cors) is no page opening, even when it accepts HTML.
      const fetched = await t.app.inject({ url: '/no-such-page', headers: { 'sec-fetch-mode': 'cors', accept: 'text/html' } });
      expectApiError(fetched, 404, 'NOT_FOUND');
    });

    it.each(['/api/unknown', '/locales/', '/media/missing.mp3', '/assets/missing.js'])(
      'never answers the server path %s with index.html',
      async (url) => {
        expectApiError(await t.app.inject({ url }), 404, 'NOT_FOUND');
      },
    );

    it('serves media with byte ranges for the audio player', async () => {
      writeFileSync(path.join(t.config.mediaDir, 'clip.mp3'), '0123456789');
      const response = await t.app.inject({ url: '/media/clip.mp3', headers: { range: 'bytes=2-5' } });
      expect(response.statusCode).toBe(206);
      expect(response.body).toBe('2345');
      expect(response.headers['accept-ranges']).toBe('bytes');
    });
  });

  describe('OpenAPI document', () => {
    it('is served at /api/docs and describes /api/me', async () => {
      const response = await t.app.inject({ url: '/api/docs' });
      expect(response.statusCode).toBe(200);
      const doc = response.json<{ openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> }>();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.title).toBe('Selah API');
      expect(Object.keys(doc.paths['/api/me'] ?? {})).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
      expect(doc.paths).toHaveProperty('/api/analytics/events');
      // Hidden routes stay out of the contract.
      expect(doc.paths).not.toHaveProperty('/health');
      expect(doc.paths).not.toHaveProperty('/api/docs');
    });
  });

  describe('security headers', () => {
    it.each(['/', '/dashboard', '/locales/en/translation.json', '/health'])('are set on the page and files: %s', async (url) => {
      const response = await t.app.inject({ url });
      const csp = response.headers['content-security-policy'];
      expect(typeof csp).toBe('string');
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBeDefined();
      expect(response.headers['referrer-policy']).toBeDefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
      // Plain http (local install): no HSTS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it.each(['/api/me', '/api/feed?lng=en', '/api/no-such-route'])(
      'are the API set on %s: nothing may load, nothing may frame it',
      async (url) => {
        const response = await t.app.inject({ url });
        expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        // Page-only headers stay off data (frame-ancestors above covers framing).
        expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
        expect(response.headers['origin-agent-cluster']).toBeUndefined();
        expect(response.headers['x-powered-by']).toBeUndefined();
        expect(response.headers['strict-transport-security']).toBeUndefined();
      },
    );
  });
});

describe('security headers behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://selah.example' } });
  });
  afterAll(async () => t?.close());

  it('adds HSTS and upgrade-insecure-requests', async () => {
    const response = await t.app.inject({ url: '/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const api = await t.app.inject({ url: '/api/me' });
    expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('shipped translation files (content/locales)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('serves every file of every language as the JSON it contains', async () => {
    const served: string[] = [];
    for (const language of LANGUAGES) {
      const dir = path.join(t.config.localesDir, language);
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
        const response = await t.app.inject({ url: `/locales/${language}/${file}` });
        expect(response.statusCode, `${language}/${file}`).toBe(200);
        expect(response.json()).toEqual(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
        served.push(`${language}/${file}`);
      }
    }
    if (served.length === 0) expectApiError(await t.app.inject({ url: '/locales/en/common.json' }), 404, 'NOT_FOUND');
  });
});
