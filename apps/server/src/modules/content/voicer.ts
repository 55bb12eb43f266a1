import type { AppConfig } from '../../platform/config';
import { createVoicePipelineFromConfig } from '../../generation/voice-text';
import { BEDS_VERSION, renderBed } from '../../generation/master/beds';
import type { BedMaker, Voicer } from './content.import';

/** The configured voice pipeline, as the content import uses it. */
export function createContentVoicer(config: AppConfig): Voicer {
  const pipeline = createVoicePipelineFromConfig(config.voice);
  return { id: pipeline.id, voice: (input) => pipeline.voiceText(input) };
}

/** The background sounds, as the content import makes them. */
export const contentBeds: BedMaker = { id: `beds${BEDS_VERSION}`, render: (bed) => renderBed(bed) };
