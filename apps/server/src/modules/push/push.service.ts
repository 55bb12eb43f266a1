import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@selah/domain/error-codes';
import type { PushDevice, PushPayload, PushSubscriptionBody } from '@selah/domain/push';
import { mapWithConcurrency } from '../../generation/map-with-concurrency';
import type { Clock } from '../../platform/clock';
import type { PushConfig } from '../../platform/config';
import { HttpError, notFound } from '../../platform/errors';
import type { JobSender } from '../../platform/jobs';
import type { NotificationTextsReader } from './notification-texts';
import type { DueReminder, PushQueries, PushSubscriptionRow } from './push.queries';
import type { FcmSender } from './fcm-sender';
import type { SendOptions, SendResult, WebPushSender } from './web-push-sender';

/**
 * The browsers' own push services: a subscription may name only these (or PUSH_ALLOWED_ORIGINS), over https on
 * the default port, so the server never posts to an address someone chose (an internal one, say).
 */
const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera
  'push.services.mozilla.com', // Firefox (updates.push.services.mozilla.com)
  'push.apple.com', // Safari (web.push.apple.com)
  'notify.windows.com', // Edge on Windows (*.notify.windows.com)
];

export function isAllowedEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowedOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return KNOWN_PUSH_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/** Native tokens are stored as endpoints `fcm:<token>` (one unique column for both kinds). */
const FCM_PREFIX = 'fcm:';

export const PUSH_JOBS = {
  /** Every minute: claims the reminders due and queues their delivery in batches. */
  reminders: 'push-reminders',
  /** One batch of one kind of notification to many people. */
  deliver: 'push-deliver',
} as const;

/** Devices kept per person (phones, tablets, browsers): the oldest beyond it go, so nobody multiplies a message. */
export const MAX_DEVICES = 20;

/** People per delivery job: a job's work stays a few seconds, and a retry repeats little. */
export const DELIVERY_BATCH = 500;
/** Messages in flight per worker. */
const SEND_CONCURRENCY = 64;
/** A tab counts as open while its event stream was seen this recently (its keep-alive runs every 25 s). */
export const PRESENCE_WINDOW_MS = 70_000;

export type Delivery =
  | { kind: 'reminder'; people: Array<{ userId: string; occasion: string; localDay: string }> }
  | { kind: 'prayer-ready'; userId: string; occasion: string; title: string; recordId: string }
  | { kind: 'journey-day'; userId: string; occasion: string; title: string; journeyType: string; journeyId: string; day: number };

const OPTIONS: Record<Delivery['kind'], SendOptions> = {
  // A reminder older than six hours is no longer this morning's; it goes unsent.
  reminder: { ttlSeconds: 6 * 3600, urgency: 'normal', topic: 'daily-reminder' },
  'prayer-ready': { ttlSeconds: 24 * 3600, urgency: 'normal' },
  'journey-day': { ttlSeconds: 24 * 3600, urgency: 'normal', topic: 'journey-day' },
};

export interface PushDeps {
  queries: PushQueries;
  clock: Clock;
  logger: FastifyBaseLogger;
  config: PushConfig;
  web: WebPushSender;
  /** FCM HTTP v1 for native tokens, when FCM_SERVICE_ACCOUNT is set. */
  fcm: FcmSender | null;
  texts: NotificationTextsReader;
  jobs: JobSender;
  /** The title of the daily prayer of a local date in a language (en, es), if it has one. */
  dailyTitle: (day: string, language: string) => Promise<string | null>;
  /** The personalized journey days that opened in [from, to) (the personalized module's rule). */
  openedDays: (
    from: Date,
    to: Date,
  ) => Promise<Array<{ userId: string; journeyId: string; journeyType: string; dayNumber: number; title: string }>>;
}

const toDevice = (row: PushSubscriptionRow): PushDevice => ({ id: row.id, kind: row.kind, createdAt: row.createdAt.toISOString() });

/** Push notifications: devices' subscriptions, and the reminders and news sent to them (issue 18). */
export function pushService(deps: PushDeps) {
  const { queries, clock, logger, config, web, texts, jobs } = deps;
  let fcmSkipLogged = false;

  async function sendTo(device: PushSubscriptionRow, payload: PushPayload, options: SendOptions): Promise<SendResult | 'skipped'> {
    if (device.kind === 'fcm' && !deps.fcm) {
      // Without FCM configuration native tokens are kept and skipped, with one log line (not one per send).
      if (!fcmSkipLogged) {
        fcmSkipLogged = true;
        logger.info('native push tokens are kept but not sent to: FCM_SERVICE_ACCOUNT is not set');
      }
      return 'skipped';
    }
    if (device.kind === 'web' && !device.keys) return 'failed';
    const outcome =
      device.kind === 'fcm'
        ? await deps.fcm!.send(device.endpoint.slice(FCM_PREFIX.length), payload, options)
        : await web.send({ endpoint: device.endpoint, keys: device.keys! }, payload, options);
    if (outcome.result === 'gone') await queries.removeById(device.id);
    else if (outcome.result === 'failed')
      logger.warn({ device: device.id, status: outcome.status, err: outcome.error }, 'push not delivered');
    return outcome.result;
  }

  /** The message one person gets for a delivery, in their language. */
  async function render(
    delivery: Delivery,
    person: { userId: string; language: string; localDay: string | undefined },
    titles: Map<string, string | null>,
  ): Promise<PushPayload> {
    const text = texts.of(person.language);
    switch (delivery.kind) {
      case 'reminder': {
        const day = person.localDay!;
        const key = `${day}|${person.language}`;
        if (!titles.has(key)) titles.set(key, await deps.dailyTitle(day, person.language));
        const title = titles.get(key);
        return {
          title: text.reminder.title,
          body: title ? texts.fill(text.reminder.body, { title }) : text.reminder.bodyNoPrayer,
          url: '/dashboard',
          tag: 'daily-reminder',
        };
      }
      case 'prayer-ready':
        return {
          title: text.prayerReady.title,
          body: texts.fill(text.prayerReady.body, { title: delivery.title }),
          url: '/library',
          tag: `prayer-${delivery.recordId}`,
        };
      case 'journey-day':
        return {
          title: text.journeyDay.title,
          body: texts.fill(text.journeyDay.body, { day: delivery.day, title: delivery.title }),
          url: `/personalized-journey/${delivery.journeyType}/plan/${delivery.journeyId}`,
          tag: `journey-${delivery.journeyId}`,
        };
    }
  }

  return {
    publicKey: (): string => config.vapid.publicKey,

    async devices(userId: string): Promise<PushDevice[]> {
      return (await queries.devicesOf(userId)).map(toDevice);
    },

    /** Stores this device's subscription; only while the person has notifications on (spec section 6). */
    async subscribe(userId: string, body: PushSubscriptionBody): Promise<PushDevice> {
      const [person] = await queries.recipients([userId]);
      if (!person) throw notFound('Profile not found');
      if (!person.on) {
        throw new HttpError(409, ERROR_CODES.notificationsOff, 'Turn notifications on first: devices are kept only while they are on.');
      }
      if (body.kind === 'web' && !isAllowedEndpoint(body.endpoint, config.allowedOrigins)) {
        throw new HttpError(400, ERROR_CODES.validation, 'Invalid body/endpoint: not the address of a known push service');
      }
      const row = await queries.upsert(
        body.kind === 'web'
          ? { userId, kind: 'web', endpoint: body.endpoint, keys: { p256dh: body.keys.p256dh, auth: body.keys.auth } }
          : { userId, kind: 'fcm', endpoint: `${FCM_PREFIX}${body.token}`, keys: null },
        clock.now(),
      );
      if (!row) {
        // Someone else's device: it stays theirs, and the answer does not say whose.
        logger.info({ userId, kind: body.kind }, 'push device of another account not moved');
        throw new HttpError(
          409,
          ERROR_CODES.deviceRegisteredElsewhere,
          'This device receives another account’s notifications. Turn them off in that account on this device first.',
        );
      }
      await queries.trimDevices(userId, MAX_DEVICES);
      return toDevice(row);
    },

    async unsubscribe(userId: string, id: string): Promise<void> {
      if (!(await queries.remove(userId, id))) throw notFound('Device not found');
    },

    /** Notifications turned off: every device of the person goes. */
    async removeAllOf(userId: string): Promise<void> {
      const removed = await queries.removeAllOf(userId);
      if (removed > 0) logger.info({ userId, removed }, 'push subscriptions removed (notifications off)');
    },

    /** The scheduled minute: claims the reminders now due and queues them in batches. Returns how many. */
    async queueDueReminders(): Promise<number> {
      const due: DueReminder[] = await queries.claimDueReminders(clock.now());
      for (let start = 0; start < due.length; start += DELIVERY_BATCH) {
        const people = due.slice(start, start + DELIVERY_BATCH).map(({ userId, occasion, localDay }) => ({ userId, occasion, localDay }));
        await jobs.send(PUSH_JOBS.deliver, { kind: 'reminder', people } satisfies Delivery, {
          retryLimit: 3,
          retryDelay: 30,
          expireInSeconds: 600,
        });
      }
      if (due.length > 0) logger.info({ count: due.length }, 'daily reminders queued');
      return due.length;
    },

    /**
     * Sends one delivery. Everyone claimed and not yet marked sent is tried on each of their devices, then marked
     * sent; a retried job (a worker died) skips whoever was done. Returns what happened, for logs and tests.
     */
    async deliver(delivery: Delivery): Promise<{ sent: number; gone: number; failed: number; skipped: number }> {
      const wanted =
        delivery.kind === 'reminder'
          ? delivery.people.map((entry) => ({ userId: entry.userId, occasion: entry.occasion }))
          : [{ userId: delivery.userId, occasion: delivery.occasion }];
      const byOccasion = new Map<string, string[]>();
      for (const { userId, occasion } of wanted) byOccasion.set(occasion, [...(byOccasion.get(occasion) ?? []), userId]);
      const waiting = new Set<string>();
      for (const [occasion, userIds] of byOccasion)
        for (const userId of await queries.unsent(occasion, userIds)) waiting.add(`${occasion}|${userId}`);

      const people = await queries.recipients([...new Set(wanted.map((entry) => entry.userId))]);
      const titles = new Map<string, string | null>();
      const counts = { sent: 0, gone: 0, failed: 0, skipped: 0 };
      const done = new Map<string, string[]>();
      const occasionOf = new Map(wanted.map((entry) => [entry.userId, entry.occasion]));
      const localDayOf = new Map(delivery.kind === 'reminder' ? delivery.people.map((entry) => [entry.userId, entry.localDay]) : []);
      await mapWithConcurrency(people, SEND_CONCURRENCY, async (person) => {
        const occasion = occasionOf.get(person.userId)!;
        if (!waiting.has(`${occasion}|${person.userId}`)) return;
        // Turned off since the claim: nothing is sent.
        if (person.on) {
          const payload = await render(delivery, { ...person, localDay: localDayOf.get(person.userId) }, titles);
          for (const device of person.devices) counts[await sendTo(device, payload, OPTIONS[delivery.kind])] += 1;
        }
        done.set(occasion, [...(done.get(occasion) ?? []), person.userId]);
      });
      const now = clock.now();
      for (const [occasion, userIds] of done) await queries.markSent(occasion, userIds, now);
      return counts;
    },

    /**
     * The scheduled minute, too: journey days that opened within the last hour, each announced once (a day opens
     * when its time comes and the day before is done). Returns how many were queued.
     */
    async queueOpenedDays(): Promise<number> {
      const now = clock.now();
      const opened = await deps.openedDays(new Date(now.getTime() - 3600_000), now);
      const occasionOf = (day: (typeof opened)[number]) => `journey-day:${day.journeyId}:${day.dayNumber}`;
      const claimed = new Set(
        (
          await queries.claimMany(
            opened.map((day) => ({ userId: day.userId, occasion: occasionOf(day) })),
            now,
          )
        ).map((claim) => claim.occasion),
      );
      for (const day of opened.filter((candidate) => claimed.has(occasionOf(candidate)))) {
        const delivery: Delivery = {
          kind: 'journey-day',
          userId: day.userId,
          occasion: occasionOf(day),
          title: day.title,
          journeyType: day.journeyType,
          journeyId: day.journeyId,
          day: day.dayNumber,
        };
        await jobs.send(PUSH_JOBS.deliver, delivery, { retryLimit: 3, retryDelay: 30 });
      }
      return claimed.size;
    },

    /** A personal prayer completed: if none of the person's tabs is open, a notification says it is ready. */
    async prayerReady(input: { userId: string; recordId: string; title: string }): Promise<void> {
      const now = clock.now();
      if (await queries.isPresent(input.userId, new Date(now.getTime() - PRESENCE_WINDOW_MS))) return;
      const occasion = `prayer:${input.recordId}`;
      if (!(await queries.claim(input.userId, occasion, now))) return;
      await jobs.send(PUSH_JOBS.deliver, { kind: 'prayer-ready', occasion, ...input } satisfies Delivery, {
        retryLimit: 3,
        retryDelay: 30,
      });
    },

    // ---- presence (the live stream's open tabs) ----
    presence: {
      open: (userId: string, processId: string) => queries.present(userId, processId, clock.now()),
      close: (userId: string, processId: string) => queries.absent(userId, processId),
      refresh: (processId: string, userIds: string[]) => queries.refresh(processId, userIds, clock.now()),
    },
  };
}

export type PushService = ReturnType<typeof pushService>;
