import { describe, expect, it } from 'vitest';
import { createVoiceProvider, describeVoice } from './create-voice-provider';

describe('createVoiceProvider', () => {
  it('picks the provider the configuration names', () => {
    expect(createVoiceProvider({ provider: 'embedded' }).name).toBe('embedded');
    expect(createVoiceProvider({ provider: 'espeak' }).name).toBe('espeak-ng');
    expect(createVoiceProvider({ provider: 'openai', baseUrl: 'http://127.0.0.1:1', apiKey: 'k', model: 'm', voice: 'v' }).name).toBe(
      'openai-compatible speech',
    );
    expect(createVoiceProvider({ provider: 'elevenlabs', baseUrl: 'http://127.0.0.1:1', apiKey: 'k', voiceId: 'v', model: 'm' }).name).toBe(
      'elevenlabs',
    );
  });
});

describe('describeVoice', () => {
  it('names what changes the sound and never a key', () => {
    expect(describeVoice({ provider: 'espeak' })).toBe('espeak-ng:en-us@120,es@125,pl@140:pitch40/40');
    expect(describeVoice({ provider: 'embedded' })).toBe('embedded:en=flite:rms@1;espeak-ng:es@125,pl@140:pitch40/40');
    const openai = describeVoice({
      provider: 'openai',
      baseUrl: 'http://kokoro:8880/v1',
      apiKey: 'sk-secret',
      model: 'kokoro',
      voice: 'af_bella',
    });
    expect(openai).toBe('openai:kokoro:8880:kokoro:af_bella');
    const elevenlabs = describeVoice({
      provider: 'elevenlabs',
      baseUrl: 'https://api.elevenlabs.io',
      apiKey: 'xi-secret',
      voiceId: 'abc',
      model: 'm2',
    });
    expect(elevenlabs).toBe('elevenlabs:m2:abc');
    expect(`${openai} ${elevenlabs}`).not.toMatch(/secret/);
  });
});
