import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../platform/metrics';
import { respond, startProtocolServer, type ProtocolServer } from '../../testing/protocol-server';
import { createUnderstanding } from '../understanding/understand';
import { createWriterFromConfig } from './create-writer';
import type { PrayerRequest } from './writer';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');
const PATH = '/v1/chat/completions';
const completion = (content: string) =>
  respond(200, JSON.stringify({ choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }] }), {
    'content-type': 'application/json',
  });

/** The value of one labelled series of a metric in the text exposition. */
const valueOf = (exposition: string, series: string): number => {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('the configured writer', () => {
  let server: ProtocolServer;
  let request: PrayerRequest;
  beforeAll(async () => {
    server = await startProtocolServer();
    const description = 'Mi madre está en el hospital y tengo miedo.';
    const situation = await createUnderstanding({ contentDir }).understand({ description, language: 'es', focus: 'peace' });
    request = {
      language: 'es',
      experience: 'prayer',
      focus: 'peace',
      description,
      goals: [],
      lengthMinutes: 3,
      targetWords: 390,
      situation,
    };
  });
  afterAll(() => server.close());

  it('lets the composer write when the chat model fails in any way, and counts what happened, never the words', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const writer = createWriterFromConfig(
      { provider: 'openai', baseUrl: server.url, apiKey: undefined, model: 'local', timeoutMs: 400 },
      { contentDir, logger: pino({ level: 'silent' }), metrics },
    );
    // A server error, an empty answer, an answer that is not a prayer twice, and no answer at all.
    server.expect('POST', PATH, respond(500, 'upstream failed'));
    server.expect('POST', PATH, completion(''));
    server.expect('POST', PATH, completion('Lo siento, no puedo.'));
    server.expect('POST', PATH, completion('Lo siento, no puedo.'));
    server.expect('POST', PATH, () => {
      // never answered: the deadline passes
    });
    for (let i = 0; i < 4; i++) {
      const prayer = await writer.write(request);
      expect(prayer.title.length).toBeGreaterThan(0);
      expect(prayer.text).toMatch(/Amén\.?$/);
    }
    server.assertDone();
    const { body } = await metrics.render();
    expect(valueOf(body, 'selah_chat_writer_answers_total{outcome="composer"}')).toBe(4);
    expect(valueOf(body, 'selah_chat_writer_failures_total{reason="status"}')).toBe(1);
    expect(valueOf(body, 'selah_chat_writer_failures_total{reason="empty"}')).toBe(1);
    expect(valueOf(body, 'selah_chat_writer_failures_total{reason="malformed"}')).toBe(2);
    expect(valueOf(body, 'selah_chat_writer_failures_total{reason="timeout"}')).toBe(1);
    expect(body).not.toContain('hospital');
  });
});
