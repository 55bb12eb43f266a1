import { ERROR_CODES } from '@selah/domain/error-codes';
import {
  completeDay,
  deactivate,
  isDayUnlocked,
  isValidDayNumber,
  progressId,
  reactivate,
  recordPlayback,
  resetProgress,
  skipDay,
  startProgress,
  toProgressResponse,
  type JourneyDay,
  type JourneyDetail,
  type JourneyProgress,
  type JourneySummary,
  type Progress,
  type ProgressAction,
} from '@selah/domain/journeys';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from '@selah/domain/languages';
import type { Clock } from '../../platform/clock';
import { HttpError, notFound } from '../../platform/errors';
import type { JourneyQueries } from './journeys.queries';

type Translated = { language: string };
type JourneyTranslation = Translated & { title: string; subtitle: string; description: string; totalDays: number; totalDuration: number };

/** The row of the wanted language, else English, else any. */
function pick<T extends Translated>(rows: T[], language: Language): T | undefined {
  return rows.find((row) => row.language === language) ?? rows.find((row) => row.language === DEFAULT_LANGUAGE) ?? rows[0];
}

const journeyNotFound = () => notFound('Journey not found');

export function journeysService(deps: { queries: JourneyQueries; clock: Clock }) {
  const { queries, clock } = deps;

  const summaryOf = (
    journey: { id: string; order: number; image: string | null },
    translations: JourneyTranslation[],
    language: Language,
  ): JourneySummary | undefined => {
    const t = pick(translations, language);
    if (!t) return undefined;
    return {
      id: journey.id,
      order: journey.order,
      title: t.title,
      subtitle: t.subtitle,
      description: t.description,
      totalDays: t.totalDays,
      totalDuration: t.totalDuration,
      language: toLanguage(t.language),
      image: journey.image,
    };
  };

  async function detail(journeyId: string, language: Language): Promise<JourneyDetail> {
    const found = await queries.journey(journeyId);
    const summary = found && summaryOf(found.journey, found.translations, language);
    if (!found || !summary) throw journeyNotFound();
    const rows = await queries.days(journeyId);
    const byDay = new Map<number, typeof rows>();
    for (const row of rows) byDay.set(row.dayNumber, [...(byDay.get(row.dayNumber) ?? []), row]);
    const days: JourneyDay[] = [...byDay.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([dayNumber, translations]) => {
        const t = pick(translations, language);
        if (!t) return [];
        return [
          {
            journeyId,
            dayNumber,
            title: t.title,
            subtitle: t.subtitle,
            duration: t.duration,
            audioUrl: t.audioUrl,
            bibleVerse: { text: t.verseText, reference: t.verseReference },
            reflection: t.reflection,
            prayer: t.prayer,
            language: toLanguage(t.language),
          },
        ];
      });
    return { ...summary, totalDays: days.length || summary.totalDays, days };
  }

  async function totalDaysOf(journeyId: string): Promise<number> {
    const found = await queries.journey(journeyId);
    if (!found) throw journeyNotFound();
    return Math.max(0, ...found.translations.map((t) => t.totalDays));
  }

  return {
    async list(language: Language): Promise<JourneySummary[]> {
      const rows = await queries.activeJourneys();
      return rows.flatMap(({ journey, translations }) => summaryOf(journey, translations, language) ?? []);
    },

    detail,

    async day(journeyId: string, dayNumber: number, language: Language): Promise<JourneyDay> {
      const journey = await detail(journeyId, language);
      const day = journey.days.find((d) => d.dayNumber === dayNumber);
      if (!day) throw notFound('Day not found');
      return day;
    },

    async progressOfUser(userId: string): Promise<Progress[]> {
      const now = clock.now();
      return (await queries.progressWithLengths(userId)).map(({ progress, totalDays }) => toProgressResponse(progress, totalDays, now));
    },

    async progress(userId: string, journeyId: string): Promise<Progress | null> {
      const totalDays = await totalDaysOf(journeyId);
      const progress = await queries.progress(progressId(userId, journeyId));
      return progress ? toProgressResponse(progress, totalDays, clock.now()) : null;
    },

    /** Every transition of spec section 4, server-side; each is idempotent. */
    async act(userId: string, userLanguage: Language, journeyId: string, action: ProgressAction): Promise<Progress> {
      const totalDays = await totalDaysOf(journeyId);
      const id = progressId(userId, journeyId);
      const now = clock.now();
      const existing = (await queries.progress(id)) ?? null;
      const started = () => startProgress(existing, { userId, journeyId, language: userLanguage }, now);
      const requireProgress = (): JourneyProgress => {
        if (!existing) throw notFound('Journey progress not found');
        return existing;
      };
      const checkDay = (day: number, progress: JourneyProgress) => {
        if (!isValidDayNumber(day, totalDays)) throw notFound('Day not found');
        if (!isDayUnlocked(day, progress.completedDays)) {
          throw new HttpError(409, ERROR_CODES.dayLocked, `Listen to day ${day - 1} first to unlock day ${day}.`);
        }
      };

      let next: JourneyProgress;
      switch (action.action) {
        case 'start':
          next = startProgress(existing, { userId, journeyId, language: action.language ?? userLanguage }, now);
          break;
        case 'complete': {
          // Completing day 1 of a journey not yet started starts it (spec: started on clicking Day 1).
          const progress = started();
          checkDay(action.day, progress);
          next = completeDay(progress, action.day, now);
          break;
        }
        case 'skip': {
          const progress = started();
          checkDay(action.day, progress);
          next = skipDay(progress, action.day, now);
          break;
        }
        case 'playback': {
          const progress = started();
          checkDay(action.day, progress);
          next = recordPlayback(progress, action.day, action.audioProgress, now);
          break;
        }
        case 'reset':
          next = resetProgress(requireProgress(), now);
          break;
        case 'deactivate':
          next = deactivate(requireProgress(), now);
          break;
        case 'reactivate':
          next = reactivate(requireProgress(), now);
          break;
      }
      if (next !== existing) await queries.saveProgress(id, next);
      return toProgressResponse(next, totalDays, now);
    },
  };
}

export type JourneysService = ReturnType<typeof journeysService>;
