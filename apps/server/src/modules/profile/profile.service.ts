import type { FastifyBaseLogger } from 'fastify';
import { APIError } from 'better-auth/api';
import { ERROR_CODES } from '@selah/domain/errors';
import { DEFAULT_LANGUAGE, isLanguage } from '@selah/domain/languages';
import { cleanGoals } from '@selah/domain/goals';
import { isPaidPlan } from '@selah/domain/plans';
import { subscriptionAt } from '@selah/domain/subscriptions';
import type { Me, UpdateMe } from '@selah/domain/profile';
import { DEFAULT_BACKGROUND_SOUND, DEFAULT_PLAYBACK_SPEED, isBackgroundSound, isPlaybackSpeed } from '@selah/domain/player';
import { HttpError } from '../../platform/errors';
import type { MediaStore } from '../../platform/media';
import type { Auth } from '../auth/auth';
import type { SessionUser } from '../auth/session';
import type { RecordsService } from '../records/records.service';
import { storedSubscriptionOf } from '../subscription/subscription.service';
import type { ProfileQueries, ProfileRow } from './profile.queries';

/** Spec section 9: pending record claims. */
export const CLAIM_LIMIT_ON_REGISTER = 50;
export const CLAIM_LIMIT_ON_LOGIN = 10;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function toMe(row: ProfileRow, hasPassword: boolean, now: Date): Me {
  const stored = storedSubscriptionOf(row);
  const inForce = subscriptionAt(stored, now);
  return {
    id: row.userId,
    email: row.email,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    prayerNotifications: row.prayerNotifications,
    reminderTime: row.reminderTime,
    timeZone: row.timeZone,
    goals: row.goals,
    player: {
      speed: isPlaybackSpeed(row.playbackSpeed) ? row.playbackSpeed : DEFAULT_PLAYBACK_SPEED,
      backgroundSound: isBackgroundSound(row.backgroundSound) ? row.backgroundSound : DEFAULT_BACKGROUND_SOUND,
      backgroundVolume: Math.min(1, Math.max(0, row.backgroundVolume)),
    },
    subscription: {
      ...inForce,
      platform: stored.platform,
      price: inForce.plan === 'Free' ? 0 : stored.price,
      lastSyncedAt: stored.lastSyncedAt,
    },
    hasPassword,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
  };
}

/** What the profile needs of the records module: the pending records of an email, and the user's media. */
export type ProfileRecords = Pick<RecordsService, 'claimPending' | 'deletePendingFor' | 'mediaUrlsOfUser'>;

export function profileService(deps: {
  profiles: ProfileQueries;
  records: ProfileRecords;
  media: MediaStore;
  logger: FastifyBaseLogger;
  now?: () => Date;
  /** Notifications turned off: every device's push subscription goes (spec section 6: saved only while on). */
  onNotificationsOff?: (userId: string) => Promise<void>;
}) {
  const { profiles, records, media, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /** Claims never block sign-in: a failure is logged and the user goes on. */
  async function claimSafely(userId: string, email: string, limit: number): Promise<void> {
    try {
      const count = await records.claimPending(userId, email, limit);
      if (count > 0) logger.info({ userId, count }, 'claimed pending records');
    } catch (error) {
      logger.error({ err: error, userId }, 'claiming pending records failed');
    }
  }

  async function ensureProfile(user: SessionUser): Promise<ProfileRow> {
    const existing = await profiles.find(user.id);
    if (existing) return existing;
    await profiles.createIfMissing({ userId: user.id, email: user.email, displayName: user.name || null, language: DEFAULT_LANGUAGE });
    const created = await profiles.find(user.id);
    if (!created) throw new Error(`profile of ${user.id} could not be created`);
    return created;
  }

  return {
    async onUserCreated(input: { userId: string; email: string; name: string; language: string }): Promise<void> {
      await profiles.createIfMissing({
        userId: input.userId,
        email: input.email,
        displayName: input.name.trim() ? input.name.trim() : null,
        language: input.language,
      });
      await claimSafely(input.userId, input.email, CLAIM_LIMIT_ON_REGISTER);
    },

    async onSessionCreated(input: { userId: string; isRegistration: boolean }): Promise<void> {
      try {
        await profiles.touchLastLogin(input.userId, new Date());
        if (input.isRegistration) return;
        const profile = await profiles.find(input.userId);
        if (profile) await claimSafely(input.userId, profile.email, CLAIM_LIMIT_ON_LOGIN);
      } catch (error) {
        logger.error({ err: error, userId: input.userId }, 'sign-in bookkeeping failed');
      }
    },

    async onUserDeleting(userId: string): Promise<void> {
      // Rows go by ON DELETE CASCADE; files do not, so remove them first.
      const urls = await records.mediaUrlsOfUser(userId);
      await media.removeByUrls(urls);
      await media.removeOwner(userId);
      const profile = await profiles.find(userId);
      if (profile) await records.deletePendingFor(profile.email);
      await profiles.deleteVerificationsOf(userId);
    },

    async getMe(user: SessionUser): Promise<Me> {
      const found = await profiles.findWithPassword(user.id);
      if (found) return toMe(found.row, found.hasPassword, now());
      const row = await ensureProfile(user);
      return toMe(row, await profiles.hasPassword(user.id), now());
    },

    async updateMe(user: SessionUser, patch: UpdateMe): Promise<Me> {
      const current = await ensureProfile(user);
      const values: Parameters<ProfileQueries['update']>[1] = {};
      if (patch.displayName !== undefined) values.displayName = patch.displayName || null;
      if (patch.language !== undefined) values.language = patch.language;
      if (patch.prayerNotifications !== undefined) {
        values.prayerNotifications = patch.prayerNotifications;
        // Push tokens are kept only while notifications are on (spec section 6).
        if (!patch.prayerNotifications) values.fcmToken = null;
      }
      if (patch.reminderTime !== undefined) values.reminderTime = patch.reminderTime;
      if (patch.timeZone !== undefined) values.timeZone = patch.timeZone;
      if (patch.player?.speed !== undefined) values.playbackSpeed = patch.player.speed;
      if (patch.player?.backgroundSound !== undefined) values.backgroundSound = patch.player.backgroundSound;
      if (patch.player?.backgroundVolume !== undefined) values.backgroundVolume = patch.player.backgroundVolume;
      if (patch.goals !== undefined) {
        const goals = cleanGoals(patch.goals);
        const kept = cleanGoals(current.goals);
        const unchanged = goals.length === kept.length && goals.every((goal, index) => goal === kept[index]);
        // Goals are a paid plan's (spec sections 2 and 6). Blank goals, or the ones already kept, are fine on any plan.
        if (goals.length > 0 && !unchanged && !isPaidPlan(subscriptionAt(storedSubscriptionOf(current), now()).plan)) {
          throw new HttpError(403, ERROR_CODES.planRequired, 'Setting spiritual goals is part of the Faithful Plan and Unlimited Prayer.');
        }
        values.goals = goals;
      }
      const row = await profiles.update(user.id, values);
      if (!row) throw new HttpError(404, ERROR_CODES.notFound, 'Profile not found');
      if (patch.prayerNotifications === false) await deps.onNotificationsOff?.(user.id);
      return toMe(row, await profiles.hasPassword(user.id), now());
    },

    /**
     * Deletes the account through better-auth. Password-provider users must give their password and
     * the server checks it; social-only users need a recent sign-in.
     */
    async deleteAccount(auth: Auth, user: SessionUser, password: string | undefined, headers: Headers): Promise<Headers> {
      const hasPassword = await profiles.hasPassword(user.id);
      if (hasPassword && !password) {
        throw new HttpError(400, ERROR_CODES.passwordRequired, 'Please type your password to delete your account.');
      }
      try {
        const response = await auth.api.deleteUser({
          body: hasPassword ? { password } : {},
          headers,
          asResponse: true,
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
          throw toDeleteError(body.code, body.message);
        }
        return response.headers;
      } catch (error) {
        if (error instanceof APIError) throw toDeleteError(error.body?.code, error.message);
        throw error;
      }
    },
  };
}

function toDeleteError(code: string | undefined, message: string | undefined): HttpError {
  if (code === 'INVALID_PASSWORD') return new HttpError(400, ERROR_CODES.invalidPassword, 'Incorrect password. Please try again.');
  if (code === 'SESSION_EXPIRED') {
    return new HttpError(403, ERROR_CODES.sessionExpired, 'For security, please log out and log in again before deleting your account.');
  }
  return new HttpError(400, code ?? 'DELETE_FAILED', message ?? 'Failed to delete account. Please try again later.');
}

export type ProfileService = ReturnType<typeof profileService>;
