import type { BrowserContext, Page } from '@playwright/test';
import { en, expect, PUSH_UNSUPPORTED_NOTICE, test, text } from './fixtures';
import { toast } from './helpers';

// The offline service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const settings = (key: string) => text(en.profile, `settings.${key}`);
const toggle = (page: Page) => page.getByRole('switch', { name: 'Prayer notifications' });

async function me(page: Page) {
  return (await (await page.request.get('/api/me')).json()) as { prayerNotifications: boolean; reminderTime: string; timeZone: string };
}

async function devices(page: Page) {
  return ((await (await page.request.get('/api/push/subscriptions')).json()) as { devices: unknown[] }).devices;
}

/** The offline service worker, once it controls the page. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

test.describe('notifications', () => {
  test.use({ timezoneId: 'Europe/Warsaw' });

  test('turning them on asks the browser, saves the choice and registers this device; the reminder time is saved in the person’s zone', async ({
    signedInPage: page,
    context,
    consoleGuard,
  }, testInfo) => {
    await context.grantPermissions(['notifications']);
    // Playwright's contexts are like incognito windows, where Chromium has no push service and says so.
    consoleGuard.allowBrowserNotice(PUSH_UNSUPPORTED_NOTICE);
    await page.goto('/account-settings');
    await serviceWorkerReady(page);
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    await toggle(page).click();
    await expect(toast(page, 'Notifications disabled')).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByLabel(settings('reminder'))).toBeHidden();

    await toggle(page).click();
    await expect(toast(page, 'Notifications enabled')).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    expect((await me(page)).prayerNotifications).toBe(true);
    // Headless Chromium has no push service to reach: the subscription fails there, and the page says so. Where a
    // push service answers, the device is stored.
    const stored = await devices(page);
    if (stored.length === 0) {
      testInfo.annotations.push({
        type: 'push service',
        description: 'headless Chromium could not reach a push service; the device was not registered',
      });
      await expect(toast(page, settings('notificationsDeviceFailed'))).toBeVisible();
    } else {
      expect(stored).toHaveLength(1);
    }

    const reminder = page.getByLabel(settings('reminder'));
    await expect(reminder).toHaveValue('08:00');
    await expect(page.getByText('Each day at this time (Europe/Warsaw)')).toBeVisible();
    await reminder.fill('07:15');
    await expect(toast(page, settings('reminderSaved'))).toBeVisible();
    expect(await me(page)).toMatchObject({ reminderTime: '07:15', timeZone: 'Europe/Warsaw' });

    // Off again: the server keeps no device. The toasts cover the switch on a phone until they go, as for a
    // person: the pointer leaves them (hovering keeps them open) and the test waits.
    await page.mouse.move(200, 800);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await toggle(page).click();
    await expect(toast(page, 'Notifications disabled')).toBeVisible();
    expect(await devices(page)).toEqual([]);
  });

  test('with notifications on for the account, a new device offers to allow them here', async ({
    signedInPage: page,
    context,
    consoleGuard,
  }) => {
    consoleGuard.allowBrowserNotice(PUSH_UNSUPPORTED_NOTICE);
    await page.goto('/account-settings');
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    const allow = page.getByRole('button', { name: settings('allowHere') });
    await expect(allow).toBeVisible();
    await expect(page.getByText(settings('allowHereHint'))).toBeVisible();
    // The person says yes in the browser's prompt.
    await context.grantPermissions(['notifications']);
    await allow.click();
    // Headless Chromium has no push service to sign up with: the page says so; elsewhere the device is stored.
    await expect(toast(page, settings('notificationsDeviceFailed')).or(toast(page, settings('deviceEnabled')))).toBeVisible();
    await expect(allow).toBeHidden();
  });

  test('with notifications blocked in the browser, the account setting still turns off and on, and the page says why', async ({
    signedInPage: page,
    context,
  }) => {
    await blockNotifications(context);
    await page.goto('/account-settings');
    const blocked = page.getByText(settings('notificationsBlocked'), { exact: true });
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    await expect(blocked).toBeVisible();
    await expect(toggle(page)).toHaveAccessibleDescription(`${settings('notificationsHint')} ${settings('notificationsBlocked')}`);

    await toggle(page).click();
    await expect(toast(page, 'Notifications disabled')).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'false');
    await expect.poll(async () => (await me(page)).prayerNotifications).toBe(false);

    // On again: the browser still says no, and the choice is kept all the same, with the reason beside it.
    await toggle(page).click();
    await expect(toast(page, 'Notifications enabled')).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    await expect(blocked).toBeVisible();
    await expect(toast(page, settings('notificationsDenied'))).toHaveCount(0);

    await page.reload();
    await expect(toggle(page)).toHaveAttribute('aria-checked', 'true');
    expect((await me(page)).prayerNotifications).toBe(true);
    await expect(blocked).toBeVisible();
  });

  test('the service worker shows a pushed message as the server wrote it', async ({ signedInPage: page, context, consoleGuard }) => {
    await context.grantPermissions(['notifications']);
    // Signed in where notifications are allowed, the app registers this device again; headless Chromium has no
    // push service and says so.
    consoleGuard.allowBrowserNotice(PUSH_UNSUPPORTED_NOTICE);
    await page.goto('/dashboard');
    await serviceWorkerReady(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => !registration.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    const origin = new URL(page.url()).origin;
    const message = { title: 'Time to pray', body: 'Today’s prayer: Peace in the morning', url: '/library', tag: 'daily-reminder' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((notification) => ({
            title: notification.title,
            body: notification.body,
            tag: notification.tag,
            url: (notification.data as { url?: string } | null)?.url,
          }));
        }),
      )
      .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: '/library' }]);
  });
});

/** Chromium's answer when a person has blocked notifications for the site. */
async function blockNotifications(context: BrowserContext): Promise<void> {
  await context.clearPermissions();
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    Notification.requestPermission = async () => 'denied';
  });
}
