import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, sessionCookie, type TestApp } from './helpers';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers /health and a JSON 404 for unknown API paths', async () => {
    const health = await t.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toMatch(/^text\/plain/);
    expect(health.body).toBe('App is running');
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('registers and reads the profile', async () => {
    const response = await register(t.app, 'smoke@example.com', 'correct horse 1', 'es');
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'smoke@example.com', language: 'es', goals: ['', '', ''], prayerNotifications: true });
  });
});
