import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { personalizedJourneyKeys } from '@selah/domain/contract/query-keys';
import type { PersonalizedDay, PersonalizedJourney, PersonalizedJourneyDetail } from '@selah/domain/personalized-rules';
import { applyPersonalizedJourneyChange, applyPersonalizedJourneyDetail, upsertPersonalizedJourney } from './personalized';
import { parsePersonalizedJourneyEvent } from './personalized-events';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 8, minute)).toISOString();

function journey(id: string, minute: number, overrides: Partial<PersonalizedJourney> = {}): PersonalizedJourney {
  return {
    id,
    userId: 'user-1',
    journeyType: 'ancestors',
    input: 'My grandmother Rosa',
    status: 'generating',
    currentDay: 1,
    totalDays: 7,
    language: 'en',
    startedAt: null,
    createdAt: at(minute),
    updatedAt: at(minute),
    completedAt: null,
    error: null,
    title: null,
    subtitle: null,
    ...overrides,
  };
}

function day(journeyId: string, dayNumber: number, overrides: Partial<PersonalizedDay> = {}): PersonalizedDay {
  return {
    journeyId,
    dayNumber,
    status: 'generated',
    title: `Day ${dayNumber}`,
    subtitle: '',
    audioUrl: `/media/${journeyId}-${dayNumber}.mp3`,
    duration: 120,
    bibleVerse: { text: 'The Lord is my shepherd.', reference: 'Psalm 23:1' },
    reflection: 'A reflection.',
    prayer: 'A prayer.',
    availableAt: at(10),
    completedAt: null,
    ...overrides,
  };
}

const detail = (base: PersonalizedJourney, days: PersonalizedDay[] = []): PersonalizedJourneyDetail => ({
  ...base,
  days,
  firstDayStream: null,
  serverTime: at(30),
});
const event = (data: unknown) => JSON.stringify({ type: 'personalized-journey', journey: data });

describe('parsePersonalizedJourneyEvent', () => {
  it('reads the journey of a personalized-journey event', () => {
    const data = journey('a', 1, { status: 'active' });
    expect(parsePersonalizedJourneyEvent(event(data))).toEqual(data);
  });

  it('rejects anything else', () => {
    expect(parsePersonalizedJourneyEvent('not json')).toBeNull();
    expect(parsePersonalizedJourneyEvent('null')).toBeNull();
    expect(parsePersonalizedJourneyEvent(JSON.stringify({ type: 'record', journey: journey('a', 1) }))).toBeNull();
    expect(parsePersonalizedJourneyEvent(event({ ...journey('a', 1), status: 'paused' }))).toBeNull();
    expect(parsePersonalizedJourneyEvent(event({ id: 'a' }))).toBeNull();
  });
});

describe('upsertPersonalizedJourney', () => {
  it('puts a new journey first, replaces a known one, and ignores an older copy', () => {
    const list = [journey('b', 9), journey('a', 8)];
    expect(upsertPersonalizedJourney(list, journey('c', 10))?.map((entry) => entry.id)).toEqual(['c', 'b', 'a']);
    const active = journey('a', 8, { status: 'active', updatedAt: at(12) });
    expect(upsertPersonalizedJourney(list, active)?.[1]).toBe(active);
    const stale = journey('b', 9, { status: 'failed', updatedAt: at(5) });
    expect(upsertPersonalizedJourney(list, stale)).toBe(list);
    expect(upsertPersonalizedJourney(undefined, active)).toBeUndefined();
  });
});

describe('applyPersonalizedJourneyChange', () => {
  it('updates the list and the cached detail, keeps its days and refetches them', () => {
    const client = new QueryClient();
    const days = [day('a', 1)];
    client.setQueryData(personalizedJourneyKeys.all, [journey('a', 8)]);
    client.setQueryData(personalizedJourneyKeys.detail('a'), detail(journey('a', 8), days));

    const active = journey('a', 8, { status: 'active', title: 'For Rosa', updatedAt: at(11) });
    expect(applyPersonalizedJourneyChange(client, active)).toBe(true);

    expect(client.getQueryData<PersonalizedJourney[]>(personalizedJourneyKeys.all)?.[0]?.status).toBe('active');
    const cached = client.getQueryData<PersonalizedJourneyDetail>(personalizedJourneyKeys.detail('a'));
    expect(cached).toMatchObject({ status: 'active', title: 'For Rosa' });
    expect(cached?.days).toBe(days);
    expect(client.getQueryState(personalizedJourneyKeys.detail('a'))?.isInvalidated).toBe(true);
  });

  it('leaves a newer cached detail alone', () => {
    const client = new QueryClient();
    const current = detail(journey('a', 8, { status: 'active', updatedAt: at(12) }));
    client.setQueryData(personalizedJourneyKeys.detail('a'), current);
    expect(applyPersonalizedJourneyChange(client, journey('a', 8, { status: 'generating', updatedAt: at(9) }))).toBe(false);
    expect(client.getQueryData(personalizedJourneyKeys.detail('a'))).toBe(current);
    expect(client.getQueryState(personalizedJourneyKeys.detail('a'))?.isInvalidated).toBe(false);
  });

  it('touches only the journey it names', () => {
    const client = new QueryClient();
    client.setQueryData(personalizedJourneyKeys.detail('b'), detail(journey('b', 8)));
    applyPersonalizedJourneyChange(client, journey('a', 9, { status: 'failed', error: 'boom' }));
    expect(client.getQueryState(personalizedJourneyKeys.detail('b'))?.isInvalidated).toBe(false);
    expect(client.getQueryData(personalizedJourneyKeys.detail('a'))).toBeUndefined();
  });
});

describe('applyPersonalizedJourneyDetail', () => {
  it('stores an answer with its days and moves the list along', () => {
    const client = new QueryClient();
    client.setQueryData(personalizedJourneyKeys.all, [journey('a', 8)]);
    const answer = detail(journey('a', 8, { status: 'active', currentDay: 2, updatedAt: at(20) }), [day('a', 1, { status: 'completed' })]);
    applyPersonalizedJourneyDetail(client, answer);
    expect(client.getQueryData(personalizedJourneyKeys.detail('a'))).toBe(answer);
    const listed = client.getQueryData<PersonalizedJourney[]>(personalizedJourneyKeys.all)?.[0];
    expect(listed).toMatchObject({ id: 'a', currentDay: 2 });
    expect(listed).not.toHaveProperty('days');
    expect(listed).not.toHaveProperty('serverTime');
  });
});
