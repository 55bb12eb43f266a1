import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { DATA_DIR, en, expect, ROOT, test, text } from './fixtures';
import { pathIs, toast } from './helpers';

const profile = en.profile;
const run = promisify(execFile);

/** `npm run plan -- ...` as a self-hoster types it, against the running test server (its admin socket). */
async function planCommand(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'plan', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR, LOG_LEVEL: 'warn' },
  });
  return stdout;
}

const planCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

test.describe('plans and goals', () => {
  test('/subscription on the web shows the three plans, the current one, and that buying is for the mobile app', async ({
    signedInPage: page,
  }) => {
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { level: 1, name: text(profile, 'subscriptionPage.title') })).toBeVisible();
    await expect(page.getByText(text(profile, 'subscriptionPage.mobileOnly'), { exact: true })).toBeVisible();
    await expect(page.getByText('0/5 prayers used this month')).toBeVisible();

    const free = planCard(page, 'Free');
    const faithful = planCard(page, 'Faithful Plan');
    const unlimited = planCard(page, 'Unlimited Prayer');
    await expect(free.getByText('$0.00')).toBeVisible();
    await expect(faithful.getByText('$14.99')).toBeVisible();
    await expect(unlimited.getByText('$29.99')).toBeVisible();
    await expect(faithful.getByText('30 personal prayers a month')).toBeVisible();
    await expect(unlimited.getByText('Unlimited personal prayers')).toBeVisible();
    await expect(free.getByRole('button', { name: 'Current Plan' })).toBeDisabled();

    await faithful.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page, 'Subscriptions are only available in the mobile app')).toBeVisible();
    await page.getByRole('button', { name: 'Restore Purchases' }).click();
    await expect(toast(page, 'Subscriptions are only available in the mobile app').first()).toBeVisible();
    // Nothing was bought: still Free.
    const view = await page.request.get('/api/subscription');
    expect(((await view.json()) as { plan: string }).plan).toBe('Free');
  });

  test('a granted plan: Free on the web is scheduled for the end of the period and the other plan reads Change Pending', async ({
    signedInPage: page,
    signedInAccount: account,
  }) => {
    const granted = await planCommand('grant', account.email, 'Unlimited Prayer', '--months', '2');
    expect(granted).toContain(`${account.email}: Unlimited Prayer (grant) until`);
    expect(await planCommand('show', account.email)).toContain('of unlimited prayers');

    await page.goto('/subscription');
    const unlimited = planCard(page, 'Unlimited Prayer');
    await expect(unlimited.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(planCard(page, 'Faithful Plan').getByRole('button', { name: 'Downgrade' })).toBeEnabled();

    await planCard(page, 'Free').getByRole('button', { name: 'Choose Free' }).click();
    await expect(page.locator('[data-sonner-toast]').getByText(/^Your plan changes to Free on /)).toBeVisible();
    await expect(page.getByText(/^Your plan changes to Free on /).first()).toBeVisible();
    await expect(planCard(page, 'Faithful Plan').getByRole('button', { name: 'Change Pending' })).toBeDisabled();
    await expect(
      planCard(page, 'Free').getByRole('button', { name: text(profile, 'subscriptionPage.buttons.freeScheduled') }),
    ).toBeDisabled();
    await expect(unlimited.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(await planCommand('show', account.email)).toContain('Pending: cancellation to Free on');
  });

  test('a paid person (granted with the CLI) adds, removes and saves goals and sees Saved!', async ({
    signedInPage: page,
    signedInAccount: account,
  }) => {
    await planCommand('grant', account.email, 'Faithful Plan');
    await page.goto('/userprofile');
    await page.getByRole('button', { name: 'Manage Goals' }).click();
    await expect(page).toHaveURL(pathIs('/goals'));
    await expect(page.getByRole('heading', { level: 1, name: 'Your Spiritual Goals' })).toBeVisible();

    const goal = (n: number) => page.getByRole('textbox', { name: `Goal ${n}`, exact: true });
    await expect(goal(3)).toBeVisible();
    await goal(1).fill('Pray every morning');
    await goal(2).fill('Read a psalm each night');
    await page.getByRole('button', { name: 'Add Another Goal' }).click();
    await page.getByRole('button', { name: 'Add Another Goal' }).click();
    await expect(goal(5)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Add / })).toBeHidden();
    await page.getByRole('button', { name: 'Remove goal 3' }).click();
    await expect(goal(5)).toBeHidden();
    await goal(3).fill('Forgive quickly');

    await page.getByRole('button', { name: 'Save Goals' }).click();
    await expect(page.getByRole('button', { name: 'Saved!' })).toBeVisible();
    await expect(toast(page, 'Goals updated successfully!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Goals' })).toBeVisible();

    const me = (await (await page.request.get('/api/me')).json()) as { goals: string[] };
    expect(me.goals).toEqual(['Pray every morning', 'Read a psalm each night', 'Forgive quickly']);
    await page.getByRole('link', { name: 'Back to Profile' }).click();
    await expect(page).toHaveURL(pathIs('/userprofile'));
    await expect(page.getByText('Forgive quickly', { exact: true })).toBeVisible();
  });

  test('a Free person’s Manage Goals opens the paywall’s goals card, whose button reaches /subscription', async ({
    signedInPage: page,
  }) => {
    await page.goto('/userprofile');
    await page.getByRole('button', { name: 'Manage Goals' }).click();
    await expect(page).toHaveURL(pathIs('/paywall'));
    await expect(page.getByRole('heading', { name: 'Unlock Your Spiritual Journey' })).toBeVisible();
    await expect(page.getByText(/^Setting spiritual goals is a premium feature/)).toBeVisible();
    await page.getByRole('button', { name: 'Start Your Journey' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible();
    await expect(page).toHaveURL(pathIs('/subscription'));
    await expect(page.getByRole('heading', { level: 1, name: text(profile, 'subscriptionPage.title') })).toBeVisible();
  });
});
