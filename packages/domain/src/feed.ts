import { z } from 'zod';

/**
 * The card of one playable item of default content (a popular prayer or an affirmation) in one language.
 * Cards leave out the words: the dashboard needs only the cards, and the words of every card come in one
 * later call (GET /api/content/texts) that the player reads.
 */
export const contentCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  /** "prayers" or a category id. */
  preference: z.string(),
  language: z.string(),
  title: z.string(),
  audioUrl: z.string(),
  duration: z.number(),
  createdAt: z.string(),
});
export type ContentCard = z.infer<typeof contentCardSchema>;

/** A card with its words (GET /api/content?preference=). */
export const contentItemSchema = contentCardSchema.extend({ text: z.string() });
export type ContentItem = z.infer<typeof contentItemSchema>;

export const dailyPrayerSchema = z.object({
  id: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  language: z.string(),
  title: z.string(),
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
  /** While it is being voiced, once its first seconds are out: its audio so far (the record's streamUrl). */
  streamUrl: z.string().nullable(),
  duration: z.number().nullable(),
  /** Minutes it is made to last. */
  length: z.number(),
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
  popularPrayers: z.array(contentCardSchema),
  categories: z.array(categorySchema.extend({ items: z.array(contentCardSchema) })),
  /** Signed in only: the user's records (completed, pending, processing), newest first, at most 20. */
  userPrayers: z.array(userPrayerSchema).nullable(),
});
export type Feed = z.infer<typeof feedSchema>;

/** GET /api/content/texts?lng=xx — the words of every card in the feed (default content and daily prayers) by id. */
export const contentTextsSchema = z.object({
  language: z.string(),
  texts: z.record(z.string(), z.string()),
});
export type ContentTexts = z.infer<typeof contentTextsSchema>;

export * from './feed-limits';
