import { inArray } from 'drizzle-orm';
import type { Database } from './client';
import { personalizedJourneySegments, recordSegments } from './schema';

/**
 * Of these pieces of audio published while voiced (issue 23), the ones no playlist lists any more: files are
 * named by their bytes, so two prayers or journeys that sound the same at some moment share a piece, and a try
 * that starts over removes only what nothing else still plays.
 */
export async function piecesNoLongerListed(db: Database, urls: readonly string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const listed = new Set<string>();
  for (const table of [recordSegments, personalizedJourneySegments]) {
    const rows = await db
      .select({ url: table.url })
      .from(table)
      .where(inArray(table.url, [...urls]));
    for (const row of rows) listed.add(row.url);
  }
  return [...new Set(urls)].filter((url) => !listed.has(url));
}
