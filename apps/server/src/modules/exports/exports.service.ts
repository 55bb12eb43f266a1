import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { ERROR_CODES } from '@selah/domain/errors';
import { EXPORT_TTL_HOURS, EXPORTS_PER_DAY, type DataExport } from '@selah/domain/exports';
import { cuesUrlOf } from '@selah/domain/player';
import { isUuid } from '@selah/domain/ids';
import type { Clock } from '../../platform/clock';
import { HttpError } from '../../platform/errors';
import type { JobSender } from '../../platform/jobs';
import type { MediaStore, PrivateSource } from '../../platform/media';
import type { ExportRow, ExportsQueries } from './exports.queries';

export const EXPORT_JOB = 'export-data';
export const EXPIRE_EXPORTS_JOB = 'expire-exports';

const HOUR_MS = 60 * 60 * 1000;
const notFound = () => new HttpError(404, ERROR_CODES.notFound, 'No such export.');

/**
 * Your data (issue 22): everything a person made, as one zip (profile.json, prayers.json, journeys.json,
 * prayer-days.json and the audio with its cues), prepared by a job into their private media and offered at a link
 * that only they can open, until it expires. Anything else about an export (another person's id, a tampered
 * link, an expired one) is a plain 404.
 */
export function exportsService(deps: {
  queries: ExportsQueries;
  media: MediaStore;
  jobs: JobSender;
  clock: Clock;
  secret: string;
  logger: FastifyBaseLogger;
}) {
  const { queries, media, jobs, clock, logger } = deps;
  const tokenOf = (id: string): string => createHmac('sha256', deps.secret).update(`export:${id}`).digest('base64url');
  const isExpired = (row: ExportRow): boolean => row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= clock.now();

  const view = (row: ExportRow): DataExport => {
    const status = isExpired(row) ? 'expired' : row.status;
    return {
      id: row.id,
      status,
      createdAt: row.createdAt.toISOString(),
      expiresAt: status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
      sizeBytes: status === 'ready' ? row.sizeBytes : null,
      downloadUrl: status === 'ready' ? `/api/exports/${row.id}/download?token=${tokenOf(row.id)}` : null,
    };
  };

  return {
    async request(userId: string): Promise<DataExport> {
      const latest = await queries.latest(userId);
      if (latest?.status === 'pending') throw new HttpError(409, ERROR_CODES.conflict, 'Your export is already being prepared.');
      if ((await queries.countSince(userId, new Date(clock.now().getTime() - 24 * HOUR_MS))) >= EXPORTS_PER_DAY) {
        throw new HttpError(429, ERROR_CODES.rateLimited, 'You have asked for several exports today. Please try again tomorrow.');
      }
      const row = await queries.create({ id: randomUUID(), userId, createdAt: clock.now() });
      await jobs.send(EXPORT_JOB, { exportId: row.id }, { retryLimit: 1, retryDelay: 30, expireInSeconds: 30 * 60 });
      return view(row);
    },

    async latest(userId: string): Promise<DataExport | null> {
      const row = await queries.latest(userId);
      return row ? view(row) : null;
    },

    /** Where to read the zip from, for its owner with the right token; 404 in every other case. */
    async download(userId: string, id: string, token: string | undefined): Promise<{ source: PrivateSource; fileName: string }> {
      if (!isUuid(id) || token === undefined) throw notFound();
      const row = await queries.byId(id);
      const expected = Buffer.from(tokenOf(id));
      const given = Buffer.from(token);
      if (!row || row.userId !== userId || given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
      if (row.status !== 'ready' || isExpired(row) || !row.fileUrl) throw notFound();
      const source = await media.privateSource(row.fileUrl);
      if (!source) throw notFound();
      return { source, fileName: `selah-export-${row.createdAt.toISOString().slice(0, 10)}.zip` };
    },

    /** The job: gathers the person's data and files into one zip and stores it privately. */
    async prepare(exportId: string): Promise<void> {
      const row = await queries.byId(exportId);
      if (!row || row.status !== 'pending') return;
      try {
        const zip = await buildZip(row.userId);
        const fileUrl = await media.put(zip, { extension: 'zip', contentType: 'application/zip', owner: row.userId });
        const now = clock.now();
        await queries.markReady(row.id, {
          fileUrl,
          sizeBytes: zip.length,
          readyAt: now,
          expiresAt: new Date(now.getTime() + EXPORT_TTL_HOURS * HOUR_MS),
        });
        logger.info({ exportId, bytes: zip.length }, 'data export ready');
      } catch (error) {
        await queries.markFailed(row.id);
        logger.error({ err: error, exportId }, 'data export failed');
      }
    },

    /** Removes the zips of exports past their time. */
    async expire(): Promise<number> {
      const expired = await queries.expiredBefore(clock.now());
      await media.removeByUrls(expired.flatMap((row) => (row.fileUrl ? [row.fileUrl] : [])));
      await queries.markExpired(expired.map((row) => row.id));
      return expired.length;
    },
  };

  async function buildZip(userId: string): Promise<Buffer> {
    const zip = new ZipFile();
    const done = collect(zip.outputStream);
    const json = (name: string, value: unknown) =>
      zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), `selah-export/${name}`);
    const addAudio = async (url: string | null, name: string): Promise<string | null> => {
      if (!url) return null;
      const data = await media.read(url);
      if (!data) return null;
      const extension = url.split('?', 1)[0]!.split('.').pop() ?? 'mp3';
      const file = `audio/${name}.${extension}`;
      // Audio is compressed already: stored as it is.
      zip.addBuffer(data, `selah-export/${file}`, { compress: false });
      const cues = await media.read(cuesUrlOf(url));
      if (cues) zip.addBuffer(cues, `selah-export/audio/${name}.vtt`);
      return file;
    };

    const profile = await queries.profileOf(userId);
    if (!profile) throw new Error('No profile to export');
    json('profile.json', {
      email: profile.email,
      displayName: profile.displayName,
      firstName: profile.firstName,
      lastName: profile.lastName,
      language: profile.language,
      goals: profile.goals.filter((goal) => goal.trim() !== ''),
      prayerNotifications: profile.prayerNotifications,
      reminderTime: profile.reminderTime,
      timeZone: profile.timeZone,
      player: { speed: profile.playbackSpeed, backgroundSound: profile.backgroundSound, backgroundVolume: profile.backgroundVolume },
      habit: { visible: profile.habitVisible, restDays: profile.restDays },
      plan: profile.plan,
      memberSince: profile.createdAt.toISOString(),
    });

    const prayers = [];
    for (const record of await queries.recordsOf(userId)) {
      const name = `prayers/${record.createdAt.toISOString().slice(0, 10)}-${record.slug ?? record.id}`;
      prayers.push({
        id: record.id,
        title: record.title,
        status: record.status,
        experience: record.experience,
        focus: record.preference,
        description: record.description,
        goals: record.goals,
        language: record.language,
        lengthMinutes: record.length,
        text: record.recordText,
        durationSeconds: record.duration,
        audio: await addAudio(record.audioUrl, name),
        createdAt: record.createdAt.toISOString(),
      });
    }
    json('prayers.json', prayers);

    const personalized = [];
    for (const journey of await queries.personalizedOf(userId)) {
      const days = [];
      for (const day of journey.days) {
        days.push({
          day: day.dayNumber,
          status: day.status,
          title: day.title,
          subtitle: day.subtitle,
          verse: { text: day.verseText, reference: day.verseReference },
          reflection: day.reflection,
          prayer: day.prayer,
          durationSeconds: day.duration,
          audio: await addAudio(day.audioUrl, `journeys/${journey.id}/day-${day.dayNumber}`),
          completedAt: day.completedAt?.toISOString() ?? null,
        });
      }
      personalized.push({
        id: journey.id,
        type: journey.journeyType,
        input: journey.input,
        title: journey.title,
        subtitle: journey.subtitle,
        status: journey.status,
        language: journey.language,
        currentDay: journey.currentDay,
        totalDays: journey.totalDays,
        createdAt: journey.createdAt.toISOString(),
        days,
      });
    }
    const progress = (await queries.journeyProgressOf(userId)).map((row) => ({
      journey: row.journeyId,
      language: row.language,
      completedDays: row.completedDays,
      currentDay: row.currentDay,
      startedAt: row.startedAt.toISOString(),
      lastPlayedAt: row.lastPlayedAt?.toISOString() ?? null,
      active: row.isActive,
    }));
    json('journeys.json', { journeys: progress, personalizedJourneys: personalized });
    json('prayer-days.json', await queries.prayerDaysOf(userId));
    zip.end();
    return done;
  }
}

function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export type ExportsService = ReturnType<typeof exportsService>;
