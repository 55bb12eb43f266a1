import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every entity of the spec's section 3. Better-auth owns user, session, account and verification;
 * our profile row sits next to its user. Per-language content lives in *_translations rows.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// ---- better-auth ----
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// ---- users (profile) ----
export interface PendingChange {
  fromPlan: string;
  toPlan: string;
  effectiveDate: string;
  type: 'upgrade' | 'downgrade' | 'cancellation';
  productId: string | null;
}

export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  displayName: text('display_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  language: text('language').notNull().default('en'),
  prayerNotifications: boolean('prayer_notifications').notNull().default(true),
  /** The daily prayer reminder's local time (HH:MM) in timeZone (an IANA zone from the browser). */
  reminderTime: text('reminder_time').notNull().default('08:00'),
  timeZone: text('time_zone').notNull().default('UTC'),
  fcmToken: text('fcm_token'),
  /** The player as the person left it (issue 22): speed, background sound, its volume (0 to 1). */
  playbackSpeed: doublePrecision('playback_speed').notNull().default(1),
  backgroundSound: text('background_sound').notNull().default('pad'),
  backgroundVolume: doublePrecision('background_volume').notNull().default(0.6),
  /** The habit record (issue 22): shown or hidden, and the weekdays of rest (0 Sunday .. 6 Saturday). */
  habitVisible: boolean('habit_visible').notNull().default(true),
  restDays: jsonb('rest_days')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  goals: jsonb('goals')
    .$type<string[]>()
    .notNull()
    .default(sql`'["","",""]'::jsonb`),
  plan: text('plan').notNull().default('Free'),
  purchasedAt: timestamp('purchased_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  platform: text('platform'),
  price: doublePrecision('price'),
  productId: text('product_id'),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  pendingChange: jsonb('pending_change').$type<PendingChange>(),
  /** When the store's latest applied news (a webhook event or a sync) happened: older news never rolls it back. */
  subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

// ---- records (a user's prayers) ----
/** The text search matches with ILIKE; the trigram index is built on exactly this expression. */
export const recordSearchText = (t: { title: AnyPgColumn; preference: AnyPgColumn; description: AnyPgColumn }) =>
  sql`(coalesce(${t.title}, '') || ' ' || ${t.preference} || ' ' || ${t.description})`;

export const records = pgTable(
  'records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** An email address, for records created before the user had an account. */
    pendingUserId: text('pending_user_id'),
    claimed: boolean('claimed').notNull().default(false),
    status: text('status', { enum: ['pending', 'processing', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    length: integer('length').notNull().default(3),
    preference: text('preference').notNull().default('standard'),
    experience: text('experience').notNull().default('prayer'),
    description: text('description').notNull().default(''),
    /** The language the prayer is written and voiced in (the user's at creation). */
    language: text('language').notNull().default('en'),
    /** The user's goals at creation, woven into the prayer (kept for a retry). */
    goals: jsonb('goals')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** While processing: writing, voicing or finishing. */
    stage: text('stage', { enum: ['writing', 'voicing', 'finishing'] }),
    recordText: text('record_text'),
    title: text('title'),
    slug: text('slug'),
    audioUrl: text('audio_url'),
    duration: real('duration'),
    /**
     * Seconds of audio published while it is voiced (issue 23), in record_segments; null before the first
     * segment. The prayer can be played from its playlist once this is set.
     */
    streamSeconds: real('stream_seconds'),
    isDefault: boolean('is_default').notNull().default(false),
    error: text('error'),
    image: text('image'),
    ...timestamps,
  },
  (t) => [
    // the user's feed (newest first, limit 20) and the completed-only queries. NULLS FIRST is what
    // `ORDER BY created_at DESC` means in PostgreSQL: only then can a query walk the index in order and stop early.
    index('records_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('records_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc().nullsFirst()),
    // search: case-insensitive substring match over title, preference and description (pg_trgm)
    index('records_search_trgm_idx').using('gin', sql`(${recordSearchText(t)}) gin_trgm_ops`),
    // claims of records waiting for an email address
    index('records_pending_user_idx')
      .on(t.pendingUserId)
      .where(sql`${t.claimed} = false`),
  ],
);

/**
 * The pieces of a prayer's audio published while it was voiced (issue 23), in order: its HLS playlist. Kept after
 * completion (a player may be in the middle of them); they go with the record, and their files with the account.
 */
export const recordSegments = pgTable(
  'record_segments',
  {
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The segment's private address (MP3 in MPEG-TS). */
    url: text('url').notNull(),
    seconds: real('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.position] })],
);

// ---- default content ----
export const defaultContent = pgTable(
  'default_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** "prayers" or an affirmation category id. */
    preference: text('preference').notNull(),
    slug: text('slug').notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('default_content_preference_idx').on(t.preference, t.isActive)],
);

export const defaultContentTranslations = pgTable(
  'default_content_translations',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => defaultContent.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    audioUrl: text('audio_url'),
    duration: real('duration'),
    /** Hash of the voiced text, so a re-import re-voices only what changed. */
    sourceHash: text('source_hash'),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.language] })],
);

// ---- daily prayers ----
export const dailyPrayers = pgTable(
  'daily_prayers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: date('date').notNull(),
    /** Position in the content cycle this prayer was published from. */
    cycleKey: text('cycle_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('daily_prayers_date_idx').on(t.date.desc().nullsFirst())],
);

export const dailyPrayerTranslations = pgTable(
  'daily_prayer_translations',
  {
    dailyPrayerId: uuid('daily_prayer_id')
      .notNull()
      .references(() => dailyPrayers.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    audioUrl: text('audio_url'),
    duration: real('duration'),
  },
  (t) => [primaryKey({ columns: [t.dailyPrayerId, t.language] })],
);

// ---- categories ----
export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    order: integer('order').notNull(),
    image: text('image'),
  },
  (t) => [index('categories_order_idx').on(t.order)],
);

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.language] })],
);

// ---- fixed journeys ----
export const prayerJourneys = pgTable(
  'prayer_journeys',
  {
    id: text('id').primaryKey(),
    isActive: boolean('is_active').notNull().default(true),
    order: integer('order').notNull().default(999),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prayer_journeys_active_order_idx').on(t.isActive, t.order)],
);

export const prayerJourneyTranslations = pgTable(
  'prayer_journey_translations',
  {
    journeyId: text('journey_id')
      .notNull()
      .references(() => prayerJourneys.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    totalDays: integer('total_days').notNull(),
    totalDuration: integer('total_duration').notNull(),
  },
  (t) => [primaryKey({ columns: [t.journeyId, t.language] })],
);

export const journeyDays = pgTable(
  'journey_days',
  {
    journeyId: text('journey_id')
      .notNull()
      .references(() => prayerJourneys.id, { onDelete: 'cascade' }),
    dayNumber: integer('day_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.journeyId, t.dayNumber] })],
);

export const journeyDayTranslations = pgTable(
  'journey_day_translations',
  {
    journeyId: text('journey_id').notNull(),
    dayNumber: integer('day_number').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    duration: real('duration'),
    audioUrl: text('audio_url'),
    verseText: text('verse_text').notNull().default(''),
    verseReference: text('verse_reference').notNull().default(''),
    reflection: text('reflection').notNull().default(''),
    prayer: text('prayer').notNull().default(''),
    sourceHash: text('source_hash'),
  },
  (t) => [primaryKey({ columns: [t.journeyId, t.dayNumber, t.language] })],
);

export const userJourneyProgress = pgTable(
  'user_journey_progress',
  {
    /** userId_journeyId, as the spec keys it. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    journeyId: text('journey_id')
      .notNull()
      .references(() => prayerJourneys.id, { onDelete: 'cascade' }),
    language: text('language').notNull().default('en'),
    completedDays: jsonb('completed_days')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    currentDay: integer('current_day').notNull().default(1),
    lastCompletedDay: integer('last_completed_day').notNull().default(0),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }),
    lastPlayedDay: integer('last_played_day'),
    audioProgress: real('audio_progress').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('user_journey_progress_user_idx').on(t.userId)],
);

// ---- personalized journeys ----
export const personalizedJourneys = pgTable(
  'personalized_journeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    journeyType: text('journey_type').notNull().default('ancestors'),
    input: text('input').notNull(),
    status: text('status', { enum: ['generating', 'active', 'completed', 'failed'] })
      .notNull()
      .default('generating'),
    currentDay: integer('current_day').notNull().default(1),
    totalDays: integer('total_days').notNull().default(7),
    language: text('language').notNull().default('en'),
    error: text('error'),
    title: text('title'),
    subtitle: text('subtitle'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * While it generates (issue 23): the length day 1 is made to, set with its first piece in
     * personalized_journey_segments (day 1 can be heard from then on); null before.
     */
    streamPlannedSeconds: real('stream_planned_seconds'),
    /** Every piece of day 1 is published: its playlist ends. */
    streamEnded: boolean('stream_ended').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('personalized_journeys_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const personalizedJourneyDays = pgTable(
  'personalized_journey_days',
  {
    journeyId: uuid('journey_id')
      .notNull()
      .references(() => personalizedJourneys.id, { onDelete: 'cascade' }),
    dayNumber: integer('day_number').notNull(),
    status: text('status', { enum: ['generated', 'available', 'completed'] })
      .notNull()
      .default('generated'),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    audioUrl: text('audio_url'),
    duration: real('duration'),
    verseText: text('verse_text').notNull().default(''),
    verseReference: text('verse_reference').notNull().default(''),
    reflection: text('reflection').notNull().default(''),
    prayer: text('prayer').notNull().default(''),
    availableAt: timestamp('available_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.journeyId, t.dayNumber] })],
);

/**
 * The pieces of a personalized journey's first day published while it was voiced (issue 23), in order: its HLS
 * playlist, heard while the other days are still made. Kept after activation (a player may be in the middle of
 * them); they go with the journey, and their files with the account.
 */
export const personalizedJourneySegments = pgTable(
  'personalized_journey_segments',
  {
    journeyId: uuid('journey_id')
      .notNull()
      .references(() => personalizedJourneys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The segment's private address (MP3 in MPEG-TS). */
    url: text('url').notNull(),
    seconds: real('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.journeyId, t.position] })],
);

// ---- generation counters: (user, year-month like 2025-3) -> count ----
export const generationCounters = pgTable(
  'generation_counters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    monthKey: text('month_key').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.monthKey] })],
);

// ---- push subscriptions (web-push endpoints and native FCM tokens) ----
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['web', 'fcm'] }).notNull(),
    endpoint: text('endpoint').notNull().unique(),
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

// ---- notifications sent: one row per person and occasion (reminder:2026-11-25, prayer:<id>...), never twice ----
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    occasion: text('occasion').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** Null until every device of the person was tried. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.occasion] })],
);

// ---- which people have the app open: one row per API process and person, refreshed while the stream lives ----
export const livePresence = pgTable(
  'live_presence',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    processId: text('process_id').notNull(),
    streams: integer('streams').notNull().default(1),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.processId] })],
);

// ---- analytics ----
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_created_idx').on(t.name, t.createdAt)],
);

// ---- sign-in failures per account (ASVS V6.3.1): a growing wait after repeated failures ----
export const signInThrottle = pgTable('sign_in_throttle', {
  /** SHA-256 of the lower-cased email: any address alike, whether or not an account has it. */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- webhooks (idempotent by event id) ----
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  source: text('source').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  eventType: text('event_type'),
  appUserId: text('app_user_id'),
  /** What was done with it: applied, stale (older than what the plan already reflects), unknown_user, ... */
  outcome: text('outcome'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- the cycle daily prayers are published from (content/daily), voiced at import ----
export interface CycleTranslation {
  title: string;
  text: string;
  audioUrl: string | null;
  duration: number | null;
  sourceHash: string | null;
}

export const dailyPrayerCycle = pgTable('daily_prayer_cycle', {
  /** 1-based position in the cycle. */
  cycle: integer('cycle').primaryKey(),
  slug: text('slug').notNull().unique(),
  translations: jsonb('translations').$type<Record<string, CycleTranslation>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- the content import: which content (files and voice) was last imported in full (issue 21) ----
export const contentImports = pgTable('content_imports', {
  /** One row: 'content'. */
  id: text('id').primaryKey(),
  /** SHA-256 of every content file and the voice's settings (content.fingerprint.ts). */
  fingerprint: text('fingerprint').notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- worker liveness: a job whose worker died runs again within a minute (issue 21) ----
export const workerHeartbeats = pgTable('worker_heartbeats', {
  /** The process (services.processId). */
  processId: text('process_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const jobLeases = pgTable(
  'job_leases',
  {
    /** pg-boss's job id. */
    jobId: text('job_id').primaryKey(),
    queue: text('queue').notNull(),
    processId: text('process_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_leases_process_idx').on(t.processId)],
);

// ---- live events: each change numbered, so a stream that reconnects catches up (issue 21) ----
export const liveEvents = pgTable(
  'live_events',
  {
    /** The event's id on the stream (SSE `id:`), increasing. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['record', 'personalized-journey'] }).notNull(),
    entityId: text('entity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_user_seq_idx').on(t.userId, t.seq), index('live_events_created_idx').on(t.createdAt)],
);

/**
 * The background sounds the player mixes under the voice (issue 22), generated by the content import
 * (generation/master/beds.ts) and stored with the public media. source_hash names what made the file.
 */
export const backgroundSounds = pgTable('background_sounds', {
  id: text('id').primaryKey(),
  audioUrl: text('audio_url').notNull(),
  durationSeconds: doublePrecision('duration_seconds').notNull(),
  sourceHash: text('source_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The days a person prayed (issue 22): a calendar date in the time zone their phone was in, once each. */
export const prayerDays = pgTable(
  'prayer_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A person's export of their data (issue 22): prepared by a job as one zip in their private media, offered for
 * download until it expires. The download link's token is an HMAC of the id (exports.service.ts): nothing to store.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'ready' | 'failed' | 'expired'>().notNull().default('pending'),
    fileUrl: text('file_url'),
    sizeBytes: integer('size_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);
