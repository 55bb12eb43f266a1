import { z } from 'zod';

/** Characters a voice should not read (and markup): never in the corpus's spoken text. */
export const UNSPOKEN = /[!¡()[\]{}*_#<>"“”„«»`|\\~^]|\d/;
export const PLACEHOLDER = /\{(\w+)\}/g;

/** A spoken line: plain text, only the placeholders allowed, and at least one of each required group. */
export function line(allowed: readonly string[] = [], required: readonly (readonly string[])[] = []) {
  return z
    .string()
    .trim()
    .min(1)
    .superRefine((value, ctx) => {
      const names = [...value.matchAll(PLACEHOLDER)].map((match) => match[1]!);
      for (const name of names) {
        if (!allowed.includes(name)) ctx.addIssue({ code: 'custom', message: `unknown placeholder {${name}}` });
      }
      for (const group of required) {
        if (!group.some((name) => names.includes(name))) {
          ctx.addIssue({ code: 'custom', message: `needs the placeholder {${group.join('} or {')}}` });
        }
      }
      // The pause marks ([silence], [pause]) are for the voice: a writer may end a sentence with one.
      const bare = value.replace(PLACEHOLDER, '').replace(/ \[(?:silence|pause)\](?= |$)/g, '');
      const unspoken = UNSPOKEN.exec(bare);
      if (unspoken) ctx.addIssue({ code: 'custom', message: `has "${unspoken[0]}", which the voice should not read` });
    });
}
