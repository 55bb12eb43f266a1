import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toneFile } from '../../testing/audio-fixtures';
import { respond, startProtocolServer, type ProtocolServer } from '../../testing/protocol-server';
import { createElevenLabsVoice } from './elevenlabs';
import { VoiceProviderError } from './voice-provider';

describe('ElevenLabs speech', () => {
  let server: ProtocolServer;
  let mp3: Buffer;
  beforeAll(async () => {
    server = await startProtocolServer();
    mp3 = await toneFile({ format: 'mp3', sampleRate: 44_100 });
  });
  afterEach(() => server.assertDone());
  afterAll(() => server.close());

  const voice = (model = 'eleven_multilingual_v2') =>
    createElevenLabsVoice({ baseUrl: server.url, apiKey: 'xi-test', voiceId: 'voice 1', model });

  it('POSTs /v1/text-to-speech/{voiceId} with xi-api-key and the text, and returns the MP3', async () => {
    server.expect('POST', '/v1/text-to-speech/voice%201', (request, response) => {
      expect(request.url).toBe('/v1/text-to-speech/voice%201?output_format=mp3_44100_128');
      expect(request.headers['xi-api-key']).toBe('xi-test');
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body.toString('utf8'))).toEqual({ text: 'Panie, Ty jesteś blisko.', model_id: 'eleven_multilingual_v2' });
      response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
    });
    const audio = await voice().synthesize({ text: 'Panie, Ty jesteś blisko.', language: 'pl' });
    expect(audio).toEqual({ data: mp3, extension: 'mp3' });
  });

  it('sends the language code to models that take one', async () => {
    server.expect('POST', '/v1/text-to-speech/voice%201', (request, response) => {
      expect(JSON.parse(request.body.toString('utf8'))).toEqual({ text: 'Amén.', model_id: 'eleven_flash_v2_5', language_code: 'es' });
      response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
    });
    await voice('eleven_flash_v2_5').synthesize({ text: 'Amén.', language: 'es' });
  });

  it('names the provider and the status of an error answer', async () => {
    server.expect('POST', '/v1/text-to-speech/voice%201', respond(429, '{"detail":{"status":"too_many_concurrent_requests"}}'));
    const error = await voice()
      .synthesize({ text: 'Amen.', language: 'en' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceProviderError);
    expect((error as VoiceProviderError).status).toBe(429);
    expect((error as Error).message).toMatch(/^elevenlabs: answered 429 .*too_many_concurrent_requests/);
  });

  it('rejects an empty body', async () => {
    server.expect('POST', '/v1/text-to-speech/voice%201', respond(200, '', { 'content-type': 'audio/mpeg' }));
    await expect(voice().synthesize({ text: 'Amen.', language: 'en' })).rejects.toThrow(
      'elevenlabs: answered 200 with an empty body instead of audio',
    );
  });
});
