import { z } from 'zod';

/** One playable item of default content (a popular prayer or an affirmation) in one language. */
export const contentItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  /** "prayers" or a category id. */
  preference: z.string(),
  language: z.string(),
  title: z.string(),
  text: z.string(),
  audioUrl: z.string(),
  duration: z.number(),
  createdAt: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const dailyPrayerSchema = z.object({
  id: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  language: z.string(),
  title: z.string(),
  text: z.string(),
  audioUrl: z.string(),
  duration: z.number(),
});
export type DailyPrayer = z.infer<typeof dailyPrayerSchema>;

export const categorySchema = z.object({ id: z.string(), order: z.number(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const userPrayerSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'processing', 'completed']),
  /** While processing: writing, voicing or finishing. */
  stage: z.enum(['writing', 'voicing', 'finishing']).nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  audioUrl: z.string().nullable(),
  duration: z.number().nullable(),
  preference: z.string(),
  experience: z.string(),
  slug: z.string().nullable(),
  createdAt: z.string(),
});
export type UserPrayer = z.infer<typeof userPrayerSchema>;

/** GET /api/feed?lng=xx — everything the dashboard shows, in one call. */
export const feedSchema = z.object({
  language: z.string(),
  /** Newest first; at most 10 (the dashboard shows 5); empty outside en and es. */
  dailyPrayers: z.array(dailyPrayerSchema),
  popularPrayers: z.array(contentItemSchema),
  categories: z.array(categorySchema.extend({ items: z.array(contentItemSchema) })),
  /** Signed in only: the user's records (completed, pending, processing), newest first, at most 20. */
  userPrayers: z.array(userPrayerSchema).nullable(),
});
export type Feed = z.infer<typeof feedSchema>;

export const DAILY_PRAYER_FETCH_LIMIT = 10;
export const DAILY_PRAYERS_SHOWN = 5;
export const USER_RECORDS_LIMIT = 20;
