import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'selah-config-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const base = () => ({ DATA_DIR: dataDir, AUTH_SECRET: 'test-secret-test-secret-test-secret-123' });

const configError = (env: Record<string, string>): string => {
  try {
    loadConfig({ ...base(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('voice configuration', () => {
  it('uses the embedded espeak-ng voice by default', () => {
    expect(loadConfig(base()).voice).toEqual({ provider: 'embedded' });
    expect(loadConfig({ ...base(), VOICE_PROVIDER: 'espeak' }).voice).toEqual({ provider: 'espeak' });
  });

  it('reads an OpenAI-compatible server with defaults for base URL, model and voice', () => {
    expect(loadConfig({ ...base(), VOICE_PROVIDER: 'openai', OPENAI_TTS_API_KEY: 'sk-1' }).voice).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.openai.com',
      apiKey: 'sk-1',
      model: 'tts-1',
      voice: 'alloy',
    });
  });

  it('stops with the name of a missing key', () => {
    expect(configError({ VOICE_PROVIDER: 'openai' })).toMatch(/OPENAI_TTS_API_KEY: required when VOICE_PROVIDER=openai/);
    expect(configError({ VOICE_PROVIDER: 'elevenlabs', ELEVENLABS_VOICE_ID: 'v' })).toMatch(/ELEVENLABS_API_KEY: required/);
    expect(configError({ VOICE_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: 'k' })).toMatch(/ELEVENLABS_VOICE_ID: required/);
    expect(configError({ VOICE_PROVIDER: 'piper' })).toMatch(/VOICE_PROVIDER/);
    expect(configError({ VOICE_PROVIDER: 'openai', OPENAI_TTS_API_KEY: 'k', OPENAI_TTS_BASE_URL: 'not a url' })).toMatch(
      /OPENAI_TTS_BASE_URL/,
    );
  });

  it('reads ElevenLabs with its default base URL and model', () => {
    expect(loadConfig({ ...base(), VOICE_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: 'k', ELEVENLABS_VOICE_ID: 'v' }).voice).toEqual({
      provider: 'elevenlabs',
      baseUrl: 'https://api.elevenlabs.io',
      apiKey: 'k',
      voiceId: 'v',
      model: 'eleven_multilingual_v2',
    });
  });
});

describe('media store configuration', () => {
  it('stores under DATA_DIR/media by default and for MEDIA_STORE=local', () => {
    const env = base();
    expect(loadConfig(env).mediaStore).toEqual({
      kind: 'local',
      dir: path.join(path.resolve(env.DATA_DIR), 'media'),
      privateDir: path.join(path.resolve(env.DATA_DIR), 'private-media'),
    });
    expect(loadConfig({ ...env, MEDIA_STORE: 'local' }).mediaStore.kind).toBe('local');
  });

  it('reads an S3-compatible bucket with a custom endpoint, prefix and public URL', () => {
    const config = loadConfig({
      ...base(),
      MEDIA_STORE: 's3://selah-audio/prayers/?endpoint=https://minio.example.org/&region=eu-1&publicUrl=https://cdn.example.org/a/',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.mediaStore).toEqual({
      kind: 's3',
      bucket: 'selah-audio',
      prefix: 'prayers/',
      endpoint: 'https://minio.example.org',
      pathStyle: true,
      region: 'eu-1',
      publicUrl: 'https://cdn.example.org/a',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
  });

  it('addresses AWS itself by virtual host when no endpoint is given', () => {
    const config = loadConfig({
      ...base(),
      MEDIA_STORE: 's3://selah-audio?region=eu-west-1',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
    });
    expect(config.mediaStore).toMatchObject({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      pathStyle: false,
      prefix: '',
      publicUrl: 'https://selah-audio.s3.eu-west-1.amazonaws.com',
    });
  });

  it('stops with the name of what is wrong', () => {
    expect(configError({ MEDIA_STORE: 's3://bucket?endpoint=http://127.0.0.1:9000' })).toMatch(
      /S3_ACCESS_KEY_ID: required when MEDIA_STORE/,
    );
    expect(configError({ MEDIA_STORE: 's3://bucket', S3_ACCESS_KEY_ID: 'a' })).toMatch(/S3_SECRET_ACCESS_KEY: required/);
    expect(configError({ MEDIA_STORE: 'gs://bucket' })).toMatch(/MEDIA_STORE: unknown scheme gs:/);
    expect(configError({ MEDIA_STORE: 'bucket' })).toMatch(/MEDIA_STORE: not a URL/);
    expect(configError({ MEDIA_STORE: 's3://bucket?endpoint=minio:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toMatch(
      /MEDIA_STORE: endpoint must be an http\(s\) URL/,
    );
  });
});
