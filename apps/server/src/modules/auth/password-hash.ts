import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { verifyPassword as verifyScrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client';
import { account } from '../../platform/db/schema';

/**
 * Passwords are hashed with argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1), in Rust on libuv's thread
 * pool (@node-rs/argon2). Hashes better-auth made before (scrypt N = 2^14, "salt:key" hex) still verify, and
 * are replaced by an argon2id hash at that sign-in. Decision 014 has the measurements.
 */
/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const isArgon2 = (hash: string) => hash.startsWith('$argon2');

export function passwordHasher(options: { db: Database; logger: FastifyBaseLogger }) {
  const { db, logger } = options;
  return {
    hash: (password: string): Promise<string> => argon2Hash(password, ARGON2_OPTIONS),
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      if (isArgon2(hash)) return argon2Verify(hash, password).catch(() => false);
      const ok = await verifyScrypt({ hash, password }).catch(() => false);
      if (ok) {
        // The old hash is unique (its salt is random): replace it wherever it stands, once.
        try {
          await db
            .update(account)
            .set({ password: await argon2Hash(password, ARGON2_OPTIONS) })
            .where(eq(account.password, hash));
        } catch (error) {
          logger.warn({ err: error }, 'could not upgrade a password hash; it stays scrypt until the next sign-in');
        }
      }
      return ok;
    },
  };
}

/** True when the stored hash is older than the current parameters (tests and the migration note use it). */
export const needsRehash = (hash: string): boolean => !hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$');
