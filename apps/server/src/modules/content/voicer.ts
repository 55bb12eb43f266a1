import type { AppConfig } from '../../platform/config';
import { createVoicePipelineFromConfig } from '../../generation/voice-text';
import type { Voicer } from './content.import';

/** The configured voice pipeline, as the content import uses it. */
export function createContentVoicer(config: AppConfig): Voicer {
  const pipeline = createVoicePipelineFromConfig(config.voice);
  return { id: pipeline.id, voice: (input) => pipeline.voiceText(input) };
}
