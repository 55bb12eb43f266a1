import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = '.tmp/e2e-data';

/** Browser tests: Debian's Chromium against the production build served by the real server. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 390, height: 844 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
    trace: 'retain-on-failure',
    // page.route does not see what passes through the offline service worker once it controls a page (which on a
    // slow machine can come before a test's requests), so tests that mock or count requests would flake with it.
    // The specs about the worker itself (offline, downloads, notifications) allow it.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 } } }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node apps/server/dist/main.js`,
    url: `http://localhost:${port}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://localhost:${port}`,
      AUTH_RATE_LIMIT_MAX: '500',
      SIGN_UP_RATE_LIMIT_MAX: '500',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A small content set (voiced for real at start) keeps the browser tests quick; the full content is
      // checked by `npm run content:import` and `npm run content:verify`.
      CONTENT_DIR: 'apps/server/test/fixtures/content',
      // POST /api/test/clock moves the server's clock (a personalized journey's next day opens a day later).
      ENABLE_TEST_CLOCK: '1',
    },
  },
});
