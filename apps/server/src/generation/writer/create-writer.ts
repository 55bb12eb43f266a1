import type { FastifyBaseLogger } from 'fastify';
import type { WriterConfig } from '../../platform/config';
import type { Metrics } from '../../platform/metrics';
import { createChatVocabulary } from './chat-vocabulary';
import { loadPlans, type Plans } from './situation-plans';
import { createComposer, createVerifiedScripture } from './composer';
import { createOpenAiChatWriter, type ChatWriterEvents } from './openai-chat';
import { withFallback } from './with-fallback';
import type { PrayerWriter } from './writer';

/**
 * The writer the configuration chose: the built-in composer, or an OpenAI-compatible chat model that falls
 * back to the composer whenever it fails (a prayer is always written). What happens to the chat model's answers is
 * counted in `metrics`.
 */
export function createWriterFromConfig(
  config: WriterConfig,
  deps: { contentDir: string; logger: FastifyBaseLogger; metrics?: Metrics },
): PrayerWriter {
  const composer = createComposer({ contentDir: deps.contentDir });
  if (config.provider === 'composer') return composer;
  const counted = deps.metrics?.chatWriter;
  const events: ChatWriterEvents = {
    used({ askedAgain, mended, checkMs }) {
      counted?.answers.inc({ outcome: askedAgain ? 'used_when_asked_again' : 'used' });
      for (const what of mended) counted?.mended.inc({ what });
      counted?.checks.observe(checkMs / 1000);
    },
    failed({ reason }) {
      counted?.failures.inc({ reason });
    },
  };
  let plans: Promise<Plans> | undefined;
  const loadedPlans = () =>
    (plans ??= loadPlans(deps.contentDir).catch((error: unknown) => {
      plans = undefined;
      throw error;
    }));
  const chat = createOpenAiChatWriter(
    { baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, timeoutMs: config.timeoutMs },
    { scripture: createVerifiedScripture(deps.contentDir), vocabulary: createChatVocabulary(deps.contentDir), plans: loadedPlans, events },
  );
  return withFallback(chat, composer, (error) => {
    counted?.answers.inc({ outcome: 'composer' });
    deps.logger.warn({ err: error }, 'the chat writer failed; the composer wrote the prayer');
  });
}
