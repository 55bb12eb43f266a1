import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { account, profiles, verification } from '../../platform/db/schema';

export type ProfileRow = typeof profiles.$inferSelect;

export function profileQueries(db: Database) {
  const hasPassword = sql<boolean>`exists (
    SELECT 1 FROM ${account} WHERE ${account.userId} = ${sql.raw('"profiles"."user_id"')} AND ${account.providerId} = 'credential'
  )`;
  // Built once and prepared (named on PostgreSQL): GET /api/me only binds the id.
  const withPassword = db
    .select({ row: profiles, hasPassword })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('profile_with_password');
  return {
    async find(userId: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
      return row;
    },
    /** The profile row and whether the account has a password: one query (GET /api/me). */
    async findWithPassword(userId: string): Promise<{ row: ProfileRow; hasPassword: boolean } | undefined> {
      const [found] = await withPassword.execute({ userId });
      return found;
    },
    /** Creates the row once; a second call (a retried hook, a lazy read) changes nothing. */
    async createIfMissing(input: { userId: string; email: string; displayName: string | null; language: string }): Promise<void> {
      await db
        .insert(profiles)
        .values({
          userId: input.userId,
          email: input.email,
          displayName: input.displayName,
          language: input.language,
        })
        .onConflictDoNothing({ target: profiles.userId });
    },
    async update(userId: string, values: Partial<typeof profiles.$inferInsert>): Promise<ProfileRow | undefined> {
      const [row] = await db.update(profiles).set(values).where(eq(profiles.userId, userId)).returning();
      return row;
    },
    async touchLastLogin(userId: string, at: Date): Promise<void> {
      await db.update(profiles).set({ lastLoginAt: at }).where(eq(profiles.userId, userId));
    },
    /** Password-reset and similar tokens that name this user. */
    async deleteVerificationsOf(userId: string): Promise<void> {
      await db.delete(verification).where(eq(verification.value, userId));
    },
    async hasPassword(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type ProfileQueries = ReturnType<typeof profileQueries>;
