import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/** Issue 22: the habit record on the profile, and the data export on the security page. */

test('the profile shows the days prayed this week, and hides them on request', async ({ signedInPage: page }) => {
  await page.goto('/userprofile?lng=en');
  // Prayed today where this browser is (its own time zone, as the player sends it).
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.request.post('/api/habit/prayed', { data: { timeZone } });
  await page.reload();
  await expect(page.getByText('This month')).toBeVisible();
  await expect(page.getByRole('list', { name: 'This week' }).getByText(/: prayed$/)).toHaveCount(1);
  // This week, this month and the streak: one day each.
  await expect(page.getByText('1 day', { exact: true })).toHaveCount(3);

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('switch', { name: 'Show my prayer days' }).uncheck();
  await expect(page.getByText('Your prayer days are hidden. Turn them on in Settings whenever you like.')).toBeVisible();
  await expect(page.getByText('This month')).toHaveCount(0);
  // Kept: after a reload it is still hidden.
  await page.reload();
  await expect(page.getByText('Your prayer days are hidden. Turn them on in Settings whenever you like.')).toBeVisible();
});

test('the security page prepares an export and offers it as a zip download', async ({ signedInPage: page }) => {
  await page.goto('/security?lng=en');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const link = page.getByRole('link', { name: /^Download \(/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Available until /)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^selah-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const data = readFileSync((await download.path())!);
  // A zip: its local file header, and the profile inside.
  expect(data.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(data.toString('latin1')).toContain('selah-export/profile.json');
});
