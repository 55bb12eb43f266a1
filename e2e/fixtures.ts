import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext, type ConsoleMessage, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config';

export { expect };

/** The repository root: the server of playwright.config.ts runs here, so DATA_DIR is relative to it. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_DIR = path.resolve(ROOT, E2E_DATA_DIR);
export const OUTBOX_DIR = path.join(DATA_DIR, 'outbox');

export type Namespace = 'auth' | 'common' | 'profile' | 'library' | 'personalized' | 'journeys';
type Translations = { [key: string]: string | Translations };

/** Reads content/locales/{lng}/{ns}.json at test time (es and pl are written by translators). */
export function readLocale(lng: string, ns: Namespace): Translations {
  const file = path.join(ROOT, 'content/locales', lng, `${ns}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Translations;
  } catch (error) {
    throw new Error(`Cannot read the translations ${path.relative(ROOT, file)}: ${(error as Error).message}`, { cause: error });
  }
}

/** The string at a dotted key, failing loudly when the key is missing. */
export function text(translations: Translations, key: string): string {
  let node: string | Translations | undefined = translations;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`Missing translation key ${key}`);
  return node;
}

export const en = { auth: readLocale('en', 'auth'), common: readLocale('en', 'common'), profile: readLocale('en', 'profile') };

export interface Account {
  email: string;
  password: string;
}

export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Creates an account through better-auth's API. With `page.request` the session cookie lands in the page's
 * browser context (signed in); with the standalone `request` fixture the browser stays signed out.
 */
export async function registerThroughApi(request: APIRequestContext, baseURL: string, label?: string): Promise<Account> {
  const account = { email: uniqueEmail(label), password: `pw-${randomUUID()}` };
  const response = await request.post('/api/auth/sign-up/email', {
    data: { ...account, name: '' },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** A console error the test expects: a failed request of the page (Chrome logs those as errors). */
export interface ExpectedError {
  /** The HTTP status in Chrome's "Failed to load resource" message. */
  status: number;
  /** The request path, e.g. /api/auth/sign-in/email. */
  path: string;
}

interface ConsoleGuard {
  /** Declares a failed request the test provokes on purpose (a wrong password answers 401...). */
  allow(expected: ExpectedError): void;
  /** Declares that the test takes the browser offline: requests that fail for want of a network are expected. */
  allowOffline(): void;
  /** Declares that the browser itself may log this error (Chromium's own notice, not the app's). */
  allowBrowserNotice(pattern: RegExp): void;
}

/** Chromium logs this when a page subscribes to push in a profile without a push service (any Playwright context). */
export const PUSH_UNSUPPORTED_NOTICE = /^Chrome currently does not support the Push API in incognito mode/;

/** Chrome's console errors for requests made without a network (the page's own, and those its worker gave up on). */
const offlineFailure = /^Failed to load resource: net::(ERR_INTERNET_DISCONNECTED|ERR_FAILED)$/;

const failedResource = /^Failed to load resource: the server responded with a status of (\d{3})/;

function describe(message: ConsoleMessage): string {
  const location = message.location();
  return `console.${message.type()}: ${message.text()}${location.url ? ` (${location.url}:${location.lineNumber})` : ''}`;
}

/**
 * Every test fails when its page logs an unexpected console error or throws (conventions item 10).
 * The app turns unhandled rejections and render failures into warnings (spec section 8), so those
 * two warnings count as failures as well.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard; account: Account; signedInPage: Page; signedInAccount: Account }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: ExpectedError[] = [];
      const notices: RegExp[] = [];
      let offline = false;
      const problems: string[] = [];
      page.on('console', (message) => {
        const type = message.type();
        const body = message.text();
        if (type === 'warning' && (body.startsWith('unhandled rejection') || body.startsWith('render failure'))) {
          problems.push(describe(message));
          return;
        }
        if (type !== 'error') return;
        if (offline && offlineFailure.test(body)) return;
        if (notices.some((notice) => notice.test(body))) return;
        const failed = failedResource.exec(body);
        const url = message.location().url;
        if (failed && url) {
          const status = Number(failed[1]);
          const pathname = new URL(url).pathname;
          if (allowed.some((entry) => entry.status === status && entry.path === pathname)) return;
        }
        problems.push(describe(message));
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.stack ?? error.message}`));
      await use({
        allow: (expected) => allowed.push(expected),
        allowOffline: () => {
          offline = true;
        },
        allowBrowserNotice: (pattern) => notices.push(pattern),
      });
      expect(problems, 'the page logged unexpected errors').toEqual([]);
    },
    { auto: true },
  ],

  /** A registered account; the browser stays signed out. */
  account: async ({ request, baseURL }, use) => {
    await use(await registerThroughApi(request, baseURL!, 'account'));
  },

  /** The credentials behind signedInPage. */
  signedInAccount: async ({ page, baseURL }, use) => {
    await use(await registerThroughApi(page.request, baseURL!, 'signed-in'));
  },

  /** A page whose browser context holds the session of a freshly registered account. */
  signedInPage: async ({ page, signedInAccount }, use) => {
    void signedInAccount;
    await use(page);
  },
});
