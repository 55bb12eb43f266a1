import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@selah/domain/contract/api';
import { createTestApp, type TestApp } from './helpers';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

describe('the API contract and its OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is in docs/openapi.json exactly as the code makes it (npm run api:docs writes the file)', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.headers['content-type']).toContain('application/json');
    await expect(`${JSON.stringify(response.json(), null, 2)}\n`).toMatchFileSnapshot('../../../docs/openapi.json');
  });

  it('documents every declared endpoint, each success with the schema or content type of its body', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json<Doc>();
    const shown = Object.entries(api).filter(([, endpoint]) => !('hidden' in endpoint && endpoint.hidden));
    for (const [key] of shown) {
      const [method = '', path = ''] = key.split(' ');
      const operation = doc.paths[path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const answers = Object.keys(operation!.responses).filter((status) => /^[23]/.test(status));
      expect(answers.length, key).toBeGreaterThan(0);
      const successes = Object.entries(operation!.responses).filter(([status]) => /^2/.test(status) && status !== '204');
      for (const [status, answer] of successes) {
        const bodies = Object.values(answer.content ?? {});
        expect(bodies.length, `${key} ${status}`).toBeGreaterThan(0);
        for (const body of bodies) expect(body.schema, `${key} ${status}`).toBeDefined();
      }
    }
  });

  it('shows a browser the readable page, with what it needs allowed by the page policy', async () => {
    const page = await t.app.inject({ url: '/api/docs', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await t.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.json()).toMatchObject({ info: { title: 'Selah API' } });
  });
});
