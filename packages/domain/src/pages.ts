/**
 * The web app's pages, by the first segment of their address (apps/web/src/app/router.tsx; a test keeps the two
 * in step). The server answers these with the web app's HTML; any other address is a 404 (issue 21).
 */
export const PAGE_ROOTS = [
  'dashboard',
  'login',
  'registerpage',
  'reset-password',
  'player',
  'userprofile',
  'account-settings',
  'security',
  'library',
  'search',
  'quiz',
  'statistics',
  'goals',
  'subscription',
  'paywall',
  'category',
  'journey-plan',
  'journey-day',
  'personalized-journey',
] as const;

const ROOTS = new Set<string>(PAGE_ROOTS);

/** Whether the address (a path, without the query) is one of the web app's pages, or the root. */
export function isPagePath(pathname: string): boolean {
  if (pathname === '/' || pathname === '') return true;
  const first = pathname.split('/')[1] ?? '';
  return ROOTS.has(first);
}
