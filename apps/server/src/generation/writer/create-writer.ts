import type { FastifyBaseLogger } from 'fastify';
import type { WriterConfig } from '../../platform/config';
import { createComposer, createVerifiedScripture } from './composer';
import { createOpenAiChatWriter } from './openai-chat';
import { withFallback } from './with-fallback';
import type { PrayerWriter } from './writer';

/**
 * The writer the configuration chose: the built-in composer, or an OpenAI-compatible chat model that falls
 * back to the composer whenever it fails (a prayer is always written).
 */
export function createWriterFromConfig(config: WriterConfig, deps: { contentDir: string; logger: FastifyBaseLogger }): PrayerWriter {
  const composer = createComposer({ contentDir: deps.contentDir });
  if (config.provider === 'composer') return composer;
  const chat = createOpenAiChatWriter(
    { baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, timeoutMs: config.timeoutMs },
    createVerifiedScripture(deps.contentDir),
  );
  return withFallback(chat, composer, (error) => deps.logger.warn({ err: error }, 'the chat writer failed; the composer wrote the prayer'));
}
