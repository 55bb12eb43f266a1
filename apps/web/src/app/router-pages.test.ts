import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_ROOTS } from '@selah/domain/pages';

/** The server answers the web app's pages with its HTML and any other address with 404 (@selah/domain/pages). */
describe("the server's list of pages", () => {
  const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
  const paths = [...router.matchAll(/(?:page\(|path: )'(\/[^']*)'/g)].map((match) => match[1]!);
  const roots = new Set(paths.map((path) => path.split('/')[1]!).filter((root) => root !== ''));

  it('holds every page of the router, and nothing else', () => {
    expect(paths.length).toBeGreaterThan(15);
    expect([...roots].sort()).toEqual([...PAGE_ROOTS].sort());
  });

  it('knows a page with its parameters, and not an address that is none', () => {
    expect(isPagePath('/journey-day/3/2')).toBe(true);
    expect(isPagePath('/personalized-journey/ancestors/loading')).toBe(true);
    expect(isPagePath('/')).toBe(true);
    for (const path of ['/ready', '/metrics', '/wp-admin', '/.env', '/dashboardx', '/favicon.ico']) expect(isPagePath(path)).toBe(false);
  });
});
