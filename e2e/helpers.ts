import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { OUTBOX_DIR } from './fixtures';

/** A sonner toast showing exactly this text. */
export function toast(page: Page, message: string): Locator {
  return page.locator('[data-sonner-toast]').getByText(message, { exact: true });
}

export function mainNavigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The bottom navigation of the shell: Home, Library, the round Create button, Search, Profile. */
export async function expectBottomNavigation(page: Page): Promise<void> {
  const nav = mainNavigation(page);
  await expect(nav).toBeVisible();
  for (const [name, href] of [
    ['Home', '/dashboard'],
    ['Library', '/library'],
    ['Create', '/quiz'],
    ['Search', '/search'],
    ['Profile', '/userprofile'],
  ] as const) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
}

export function pathIs(pathname: string): (url: URL) => boolean {
  return (url) => url.pathname === pathname;
}

/** Decodes a quoted-printable body: soft line breaks (`=` at a line end) and `=XX` escapes. */
export function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

function headerValue(message: string, name: string): string {
  const head = message.split(/\r?\n\r?\n/, 1)[0] ?? '';
  // Unfold continued header lines before looking the header up.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** The newest .eml in the outbox addressed to `to` (file names start with an ISO time stamp). */
export function newestEmailTo(to: string): string | undefined {
  if (!existsSync(OUTBOX_DIR)) return undefined;
  const files = readdirSync(OUTBOX_DIR)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const message = readFileSync(path.join(OUTBOX_DIR, file), 'utf8');
    if (headerValue(message, 'To').toLowerCase().includes(to.toLowerCase())) return message;
  }
  return undefined;
}

/** Waits for the password reset email to `to` and returns the link it carries. */
export async function passwordResetLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const message = newestEmailTo(to);
        if (!message) return undefined;
        const decoded = decodeQuotedPrintable(message);
        link = /https?:\/\/[^\s"<>]+\/reset-password\/[^\s"<>]+/.exec(decoded)?.[0];
        return link;
      },
      { message: `a password reset email to ${to} in ${OUTBOX_DIR}` },
    )
    .toBeDefined();
  // In the HTML part the link sits in an attribute, where & is written as &amp;.
  return link!.replace(/&amp;/g, '&');
}
