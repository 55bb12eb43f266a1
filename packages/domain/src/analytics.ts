import { z } from 'zod';

/** Analytics events of spec section 3, with their payloads. */
export const analyticsEventSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('login'), params: z.object({ method: z.string().max(40) }).strict() }),
  z.object({
    name: z.literal('screen_view'),
    params: z.object({ screen_name: z.string().min(1).max(200) }).strict(),
  }),
  z.object({
    name: z.literal('play_audio'),
    params: z
      .object({
        audio_id: z.string().max(200),
        audio_title: z.string().max(300),
        category: z.string().max(100),
      })
      .strict(),
  }),
  z.object({
    name: z.literal('purchase'),
    params: z
      .object({
        currency: z.literal('USD'),
        value: z.number().nonnegative(),
        items: z.array(z.object({ item_name: z.string().max(100), price: z.number() })).max(10),
        method: z.string().max(40),
      })
      .strict(),
  }),
  z.object({
    name: z.literal('begin_checkout'),
    params: z.object({ item_name: z.string().max(100), price: z.number(), method: z.string().max(40) }).strict(),
  }),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
