import { z } from 'zod';
import { LANGUAGES } from './languages';
import { MAX_GOALS, MAX_GOAL_LENGTH, MIN_GOALS } from './goals';
import { BACKGROUND_SOUNDS, PLAYBACK_SPEEDS } from './player';
import { PLANS } from './plans';
import { reminderTimeSchema, timeZoneSchema } from './push';
import { hasControlCharacters, isPlainName } from './text';

export const languageSchema = z.enum(LANGUAGES);

export const pendingChangeSchema = z.object({
  fromPlan: z.enum(PLANS),
  toPlan: z.enum(PLANS),
  effectiveDate: z.string(),
  type: z.enum(['upgrade', 'downgrade', 'cancellation']),
  productId: z.string().nullable(),
});

export const subscriptionSchema = z.object({
  plan: z.enum(PLANS),
  purchasedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  platform: z.string().nullable(),
  price: z.number().nullable(),
  productId: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  pendingChange: pendingChangeSchema.nullable(),
});

/** The player's remembered settings (issue 22). */
export const playerPreferencesSchema = z
  .object({
    speed: z.number().refine((value) => (PLAYBACK_SPEEDS as readonly number[]).includes(value), {
      message: `one of ${PLAYBACK_SPEEDS.join(', ')}`,
    }),
    backgroundSound: z.enum(BACKGROUND_SOUNDS),
    /** 0 to 1. */
    backgroundVolume: z.number().min(0).max(1),
  })
  .strict();
export type PlayerPreferences = z.infer<typeof playerPreferencesSchema>;

/** GET /api/me */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  language: languageSchema,
  prayerNotifications: z.boolean(),
  /** The daily prayer reminder: local time (HH:MM) in the person's IANA time zone. */
  reminderTime: z.string(),
  timeZone: z.string(),
  goals: z.array(z.string()),
  /** The player as this person left it: speed, background sound and its volume (issue 22). */
  player: playerPreferencesSchema,
  subscription: subscriptionSchema,
  /** Whether the account has a password (password-provider users must type it to delete the account). */
  hasPassword: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** Display names, at sign-up and in the profile. */
export const MAX_DISPLAY_NAME_LENGTH = 100;

/** PATCH /api/me: every field optional, at least one present. */
export const updateMeSchema = z
  .object({
    displayName: z
      .string()
      .trim()
      .max(MAX_DISPLAY_NAME_LENGTH)
      .refine(isPlainName, 'control characters and line breaks are not allowed')
      .nullable(),
    goals: z
      .array(
        z
          .string()
          .max(MAX_GOAL_LENGTH)
          .refine((goal) => !hasControlCharacters(goal), 'control characters are not allowed'),
      )
      .min(MIN_GOALS)
      .max(MAX_GOALS),
    language: languageSchema,
    prayerNotifications: z.boolean(),
    reminderTime: reminderTimeSchema,
    timeZone: timeZoneSchema,
    player: playerPreferencesSchema.partial().refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' }),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type UpdateMe = z.infer<typeof updateMeSchema>;

/** DELETE /api/me */
export const deleteMeSchema = z.object({ password: z.string().max(200).optional() }).strict();
export type DeleteMe = z.infer<typeof deleteMeSchema>;
