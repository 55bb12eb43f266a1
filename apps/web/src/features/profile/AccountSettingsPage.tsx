import { Bell, Clock, Globe } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@selah/domain/languages';
import { Button } from '../../components/Button';
import { Card, PageHeader } from '../../components/PageHeader';
import { applyLanguage } from '../../lib/i18n';
import { notify } from '../../lib/toast';
import { loadPush, type PushPermission } from '../../platform';
import { currentTimeZone } from '../../lib/time-zone';
import { registerThisDevice } from './api/push';
import { useMe } from './api/get-me';
import { useUpdateMe } from './api/update-me';
import { CenteredSpinner } from './ProfilePage';

/** A typed reminder time is saved once the person stops changing it this long. */
export const REMINDER_SAVE_DELAY_MS = 700;

/** After a language change the page reloads so every screen and cached text follows (spec section 9). */
export const LANGUAGE_RELOAD_DELAY_MS = 500;

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', pl: 'Polski' };

export default function AccountSettingsPage() {
  const { t } = useTranslation('profile');
  const me = useMe();
  const update = useUpdateMe();
  const [notificationsOverride, setNotificationsOverride] = useState<boolean | null>(null);
  /** What this browser allows; when it blocks notifications, the page says so beside the switch. */
  const [permission, setPermission] = usePushPermission();
  /** The language tapped while it is saved: shown chosen at once, back to the saved one if saving fails. */
  const [chosenLanguage, setChosenLanguage] = useState<Language | null>(null);

  if (me.isPending) return <CenteredSpinner />;
  if (me.isError || !me.data) return <p className="px-5 pt-10 text-center text-muted">{t('settings.loadFailed')}</p>;

  const notifications = notificationsOverride ?? me.data.prayerNotifications;
  const blocked = permission === 'denied';
  // The saved language (the interface follows it: useProfileLanguage), or the one being saved.
  const currentLanguage = chosenLanguage ?? me.data.language;

  const onToggleNotifications = async () => {
    const next = !notifications;
    setNotificationsOverride(next);
    try {
      const push = await loadPush();
      if (!next) {
        // The server forgets every device; this browser stops its own subscription too.
        await update.mutateAsync({ prayerNotifications: false });
        await push.unregister().catch(() => undefined);
        notify.success(t('settings.notificationsDisabled'));
        return;
      }
      // The browser asks now, on the person's tap (never on page load). Its answer is about this device only: the
      // account's choice is saved whatever it says (reminders reach the person's other devices). Blocked here: the
      // page says why beside the switch; the prompt put aside: this device offers to allow them (ThisDevice).
      const answer = await push.requestPermission();
      setPermission(answer);
      await update.mutateAsync({ prayerNotifications: true, timeZone: currentTimeZone() });
      notify.success(t('settings.notificationsEnabled'));
      if (answer === 'unsupported') notify.info(t('settings.notificationsUnsupported'));
      if (answer !== 'granted') return;
      const device = await registerThisDevice(push).catch(() => 'failed' as const);
      if (device === 'unsupported') notify.info(t('settings.notificationsUnsupported'));
      else if (device !== 'registered') notify.info(t('settings.notificationsDeviceFailed'));
    } catch {
      notify.error(t('settings.notificationsFailed'));
    } finally {
      // Either way the cached profile is the truth now: on failure the toggle goes back.
      setNotificationsOverride(null);
    }
  };

  const onLanguage = async (language: Language) => {
    setChosenLanguage(language);
    try {
      await update.mutateAsync({ language });
      // The cookie and local storage too: after the reload the detected language is this one.
      await applyLanguage(language);
      notify.success(t('settings.languageUpdated', { lng: language }));
      setTimeout(() => window.location.reload(), LANGUAGE_RELOAD_DELAY_MS);
    } catch {
      setChosenLanguage(null);
      notify.error(t('settings.languageFailed'));
    }
  };

  return (
    <main>
      <PageHeader title={t('settings.title')} back="/userprofile" backLabel={t('backToProfile')} />
      <div className="mx-auto flex max-w-2xl flex-col gap-5 px-5">
        <Card>
          <div className="flex items-center gap-4">
            <Bell aria-hidden="true" className="h-6 w-6 text-primary" />
            <div className="flex-1">
              <p id="notifications-label" className="font-semibold text-ink">
                {t('settings.notifications')}
              </p>
              <p id="notifications-hint" className="text-sm text-muted">
                {t('settings.notificationsHint')}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={notifications}
              aria-labelledby="notifications-label"
              aria-describedby={blocked ? 'notifications-hint notifications-blocked' : 'notifications-hint'}
              disabled={update.isPending}
              onClick={onToggleNotifications}
              className={`relative h-8 w-14 shrink-0 rounded-full transition-colors ${notifications ? 'bg-primary' : 'bg-line'}`}
            >
              <span
                className={`absolute top-1 left-1 h-6 w-6 rounded-full bg-white shadow transition-transform ${notifications ? 'translate-x-6' : ''}`}
              />
            </button>
          </div>
          {blocked ? (
            <p id="notifications-blocked" className="mt-4 rounded-2xl bg-canvas px-4 py-3 text-sm text-ink">
              {t('settings.notificationsBlocked')}
            </p>
          ) : null}
          {me.data.prayerNotifications ? <ThisDevice onPermission={setPermission} /> : null}
          {me.data.prayerNotifications ? <ReminderTime key={me.data.reminderTime} saved={me.data.reminderTime} /> : null}
        </Card>
        <Card>
          <fieldset>
            <legend className="mb-3 flex items-center gap-3 font-semibold text-ink">
              <Globe aria-hidden="true" className="h-6 w-6 text-primary" />
              {t('settings.language')}
            </legend>
            <div className="flex flex-col gap-2">
              {LANGUAGES.map((language) => (
                <label
                  key={language}
                  className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 ${currentLanguage === language ? 'border-primary bg-primary/5' : 'border-line'}`}
                >
                  <input
                    type="radio"
                    name="language"
                    value={language}
                    checked={currentLanguage === language}
                    disabled={update.isPending}
                    onChange={() => void onLanguage(language)}
                    className="accent-primary"
                  />
                  <span lang={language} className="text-ink">
                    {LANGUAGE_NAMES[language]}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </Card>
      </div>
    </main>
  );
}

/** This browser's notification permission, as it is when the page opens; the setter records a later answer. */
function usePushPermission() {
  const state = useState<PushPermission | null>(null);
  const setPermission = state[1];
  useEffect(() => {
    let active = true;
    void loadPush()
      .then((push) => push.checkPermission())
      .then((current) => {
        if (active) setPermission(current);
      });
    return () => {
      active = false;
    };
  }, [setPermission]);
  return state;
}

/**
 * Notifications are on for the account, but this device may not be signed up (a new browser, or the default on
 * that was never turned on here). With permission already given it signs up quietly; before the browser has
 * asked, a button asks, on the person's tap. (A browser that blocks them is explained beside the switch.)
 */
function ThisDevice({ onPermission }: { onPermission: (permission: PushPermission) => void }) {
  const { t } = useTranslation('profile');
  const [permission, setPermission] = useState<PushPermission | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    let active = true;
    void loadPush().then(async (push) => {
      const current = await push.checkPermission();
      if (active) setPermission(current);
      // Already allowed: keep this device's subscription stored (the same one again changes nothing).
      if (current === 'granted') await registerThisDevice(push).catch(() => undefined);
    });
    return () => {
      active = false;
    };
  }, []);

  const onAllow = async () => {
    setAsking(true);
    try {
      const push = await loadPush();
      const answer = await push.requestPermission();
      setPermission(answer);
      onPermission(answer);
      if (answer !== 'granted') {
        notify.error(t('settings.notificationsDenied'));
        return;
      }
      const device = await registerThisDevice(push).catch(() => 'failed' as const);
      if (device === 'registered') notify.success(t('settings.deviceEnabled'));
      else notify.info(t('settings.notificationsDeviceFailed'));
    } finally {
      setAsking(false);
    }
  };

  if (permission === 'default') {
    return (
      <div className="mt-4 flex flex-col gap-3 rounded-2xl bg-canvas px-4 py-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-ink">{t('settings.allowHereHint')}</p>
        <Button variant="secondary" className="!min-h-10 shrink-0 text-sm" disabled={asking} onClick={() => void onAllow()}>
          {t('settings.allowHere')}
        </Button>
      </div>
    );
  }
  return null;
}

/** The daily prayer reminder's time, in the browser's time zone (saved with it). */
function ReminderTime({ saved }: { saved: string }) {
  const { t } = useTranslation('profile');
  const update = useUpdateMe();
  const [time, setTime] = useState(saved);
  const zone = currentTimeZone();

  useEffect(() => {
    if (time === saved || !/^\d{2}:\d{2}$/.test(time)) return;
    const timer = setTimeout(() => {
      update.mutateAsync({ reminderTime: time, timeZone: zone }).then(
        () => notify.success(t('settings.reminderSaved')),
        () => {
          notify.error(t('settings.reminderFailed'));
          setTime(saved);
        },
      );
    }, REMINDER_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // update is a new object each render; the save depends on the typed time only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [time, saved, zone, t]);

  return (
    <div className="mt-4 flex items-center gap-4 border-t border-line pt-4">
      <Clock aria-hidden="true" className="h-6 w-6 shrink-0 text-primary" />
      <label htmlFor="reminder-time" className="min-w-0 flex-1">
        <span className="block font-semibold text-ink">{t('settings.reminder')}</span>
        <span className="block text-sm text-muted">{t('settings.reminderHint', { zone: zone.replace(/_/g, ' ') })}</span>
      </label>
      <input
        id="reminder-time"
        type="time"
        step={60}
        required
        value={time}
        onChange={(event) => setTime(event.target.value)}
        className="min-h-11 shrink-0 rounded-xl border border-line bg-surface px-3 text-ink focus:border-primary focus:outline-none"
      />
    </div>
  );
}
