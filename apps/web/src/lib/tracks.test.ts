import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { feedKeys, recordKeys } from '@selah/domain/contract/query-keys';
import type { PrayerRecord } from '@selah/domain/records';
import { toUserPrayer } from '@selah/domain/record-views';
import { finishedTrackOf, recordTrack, userTrack } from './tracks';

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
    expect(finishedTrackOf(client, 'r1')).toBeNull();
    client.setQueryData(recordKeys.all, { pages: [{ items: [record()], nextCursor: null }], pageParams: [null] });
    expect(finishedTrackOf(client, 'r1')).toBeNull();
    client.setQueryData(recordKeys.all, { pages: [{ items: [finished], nextCursor: null }], pageParams: [null] });
    expect(finishedTrackOf(client, 'r1')).toMatchObject({ audioUrl: finished.audioUrl });

    const dashboard = new QueryClient();
    dashboard.setQueryData(feedKeys.of('en', 'u1'), { userPrayers: [toUserPrayer(finished)] });
    expect(finishedTrackOf(dashboard, 'r1')).toMatchObject({ audioUrl: finished.audioUrl });
  });
});
