import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { feedKeys, personalizedJourneyKeys, recordKeys } from '@selah/domain/contract/query-keys';
import type { PersonalizedJourneyDetail } from '@selah/domain/personalized-rules';
import type { PrayerRecord } from '@selah/domain/records';
import { toUserPrayer } from '@selah/domain/record-views';
import { finishedTrackOf, firstDayStreamTrack, recordTrack, userTrack } from './tracks';

const record = (overrides: Partial<PrayerRecord> = {}): PrayerRecord => ({
  id: 'r1',
  status: 'processing',
  stage: 'voicing',
  title: 'A prayer for courage',
  text: 'Lord, give me courage.',
  audioUrl: null,
  streamUrl: '/media/private/u1/streams/r1.m3u8?exp=1&sig=s',
  duration: null,
  preference: 'peace',
  experience: 'prayer',
  description: '',
  length: 3,
  slug: null,
  image: null,
  error: null,
  createdAt: '2026-11-27T06:00:00.000Z',
  updatedAt: '2026-11-27T06:00:01.000Z',
  ...overrides,
});

const finished = record({
  status: 'completed',
  stage: null,
  streamUrl: null,
  audioUrl: '/media/private/u1/abc.mp3',
  duration: 181.2,
  text: 'Lord.',
});

const streamingOf = (id: string) => ({ ...recordTrack(record({ id }))!, streaming: true });

describe('a personal prayer’s track', () => {
  it('plays from its playlist while it is voiced, for the length it is made to, and from its file once complete', () => {
    expect(recordTrack(record())).toMatchObject({
      audioUrl: record().streamUrl,
      streaming: true,
      duration: 180,
      text: 'Lord, give me courage.',
    });
    expect(userTrack(toUserPrayer(record())!)).toMatchObject({ streaming: true, duration: 180 });
    expect(recordTrack(record({ streamUrl: null }))).toBeNull();
    expect(recordTrack(record({ status: 'pending', stage: null }))).toBeNull();
    expect(recordTrack(finished)).toMatchObject({ audioUrl: finished.audioUrl, duration: 181.2, text: 'Lord.' });
    expect(recordTrack(finished)?.streaming).toBeUndefined();
  });

  it('is found finished in the cached library or dashboard, not before', () => {
    const client = new QueryClient();
    expect(finishedTrackOf(client, streamingOf('r1'))).toBeNull();
    client.setQueryData(recordKeys.all, { pages: [{ items: [record()], nextCursor: null }], pageParams: [null] });
    expect(finishedTrackOf(client, streamingOf('r1'))).toBeNull();
    client.setQueryData(recordKeys.all, { pages: [{ items: [finished], nextCursor: null }], pageParams: [null] });
    expect(finishedTrackOf(client, streamingOf('r1'))).toMatchObject({ audioUrl: finished.audioUrl });

    const dashboard = new QueryClient();
    dashboard.setQueryData(feedKeys.of('en', 'u1'), { userPrayers: [toUserPrayer(finished)] });
    expect(finishedTrackOf(dashboard, streamingOf('r1'))).toMatchObject({ audioUrl: finished.audioUrl });
  });
});

const journey = (overrides: Partial<PersonalizedJourneyDetail> = {}): PersonalizedJourneyDetail => ({
  id: 'j1',
  userId: 'u1',
  journeyType: 'ancestors',
  input: 'My grandmother Rosa',
  status: 'generating',
  currentDay: 1,
  totalDays: 7,
  language: 'en',
  startedAt: null,
  createdAt: '2026-11-27T06:00:00.000Z',
  updatedAt: '2026-11-27T06:00:01.000Z',
  completedAt: null,
  error: null,
  title: null,
  subtitle: null,
  days: [],
  firstDayStream: { url: '/media/private/u1/streams/j1.day-1.m3u8?exp=1&sig=s', seconds: 150 },
  serverTime: '2026-11-27T06:00:01.000Z',
  ...overrides,
});

const readyDay = {
  journeyId: 'j1',
  dayNumber: 1,
  status: 'generated' as const,
  title: 'Remembering Ancestors',
  subtitle: '',
  audioUrl: '/media/private/u1/day1.mp3',
  duration: 148.4,
  bibleVerse: { text: 'The Lord is my shepherd.', reference: 'Psalm 23:1' },
  reflection: 'A reflection.',
  prayer: 'A prayer.',
  availableAt: '2026-11-27T06:01:00.000Z',
  completedAt: null,
};

describe('a personalized journey’s first day while the journey is made', () => {
  it('plays from its playlist as the same track as the finished day, which takes over once the journey is ready', () => {
    const streaming = firstDayStreamTrack(journey(), 'Day 1');
    expect(streaming).toMatchObject({
      id: 'personalized:j1:1',
      audioUrl: journey().firstDayStream!.url,
      streaming: true,
      duration: 150,
      journey: { kind: 'personalized', journeyId: 'j1', dayId: 1, journeyType: 'ancestors' },
    });
    expect(firstDayStreamTrack(journey({ firstDayStream: null }), 'Day 1')).toBeNull();
    expect(firstDayStreamTrack(journey({ status: 'failed' }), 'Day 1')).toBeNull();

    const client = new QueryClient();
    expect(finishedTrackOf(client, streaming!)).toBeNull();
    client.setQueryData(personalizedJourneyKeys.detail('j1'), journey());
    expect(finishedTrackOf(client, streaming!)).toBeNull();
    const ready = journey({ status: 'active', firstDayStream: null, days: [readyDay] });
    client.setQueryData(personalizedJourneyKeys.detail('j1'), ready);
    const finishedDay = finishedTrackOf(client, streaming!);
    expect(finishedDay).toMatchObject({ id: 'personalized:j1:1', audioUrl: readyDay.audioUrl, duration: 148.4, title: 'Day 1' });
    expect(finishedDay?.streaming).toBeUndefined();
  });
});
