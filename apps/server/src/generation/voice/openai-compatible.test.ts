import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toneFile } from '../../testing/audio-fixtures';
import { respond, startProtocolServer, type ProtocolServer } from '../../testing/protocol-server';
import { createOpenAiCompatibleVoice } from './openai-compatible';
import { VoiceProviderError } from './voice-provider';

describe('OpenAI-compatible speech', () => {
  let server: ProtocolServer;
  let wav: Buffer;
  beforeAll(async () => {
    server = await startProtocolServer();
    wav = await toneFile({ format: 'wav' });
  });
  afterEach(() => server.assertDone());
  afterAll(() => server.close());

  const voice = () => createOpenAiCompatibleVoice({ baseUrl: `${server.url}/`, apiKey: 'sk-test', model: 'tts-1', voice: 'alloy' });

  it('POSTs /v1/audio/speech with the key, model, voice and text, and returns the audio', async () => {
    server.expect('POST', '/v1/audio/speech', (request, response) => {
      expect(request.headers.authorization).toBe('Bearer sk-test');
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body.toString('utf8'))).toEqual({
        model: 'tts-1',
        voice: 'alloy',
        input: 'Señor, tú eres mi pastor.',
        response_format: 'wav',
      });
      response.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
    });
    const audio = await voice().synthesize({ text: 'Señor, tú eres mi pastor.', language: 'es' });
    expect(audio.extension).toBe('wav');
    expect(audio.data.equals(wav)).toBe(true);
  });

  it('accepts a base URL that ends in /v1', async () => {
    server.expect('POST', '/v1/audio/speech', respond(200, wav, { 'content-type': 'audio/wav' }));
    const provider = createOpenAiCompatibleVoice({ baseUrl: `${server.url}/v1`, apiKey: 'k', model: 'm', voice: 'v' });
    await expect(provider.synthesize({ text: 'Amen.', language: 'en' })).resolves.toMatchObject({ extension: 'wav' });
  });

  it('names the provider and the status of an error answer', async () => {
    server.expect(
      'POST',
      '/v1/audio/speech',
      respond(401, '{"error":{"message":"Incorrect API key"}}', { 'content-type': 'application/json' }),
    );
    const error = await voice()
      .synthesize({ text: 'Amen.', language: 'en' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceProviderError);
    expect((error as VoiceProviderError).status).toBe(401);
    expect((error as Error).message).toMatch(/^openai-compatible speech: answered 401 .*Incorrect API key/);
  });

  it('rejects an empty body and a body too short to be speech', async () => {
    server.expect('POST', '/v1/audio/speech', respond(200, '', { 'content-type': 'audio/wav' }));
    await expect(voice().synthesize({ text: 'Amen.', language: 'en' })).rejects.toThrow(
      'openai-compatible speech: answered 200 with an empty body instead of audio',
    );
    server.expect('POST', '/v1/audio/speech', respond(200, wav.subarray(0, 44), { 'content-type': 'audio/wav' }));
    await expect(voice().synthesize({ text: 'Amen.', language: 'en' })).rejects.toThrow(
      'openai-compatible speech: answered 200 with only 44 bytes instead of audio',
    );
  });

  it('rejects a JSON answer with a success status', async () => {
    server.expect('POST', '/v1/audio/speech', respond(200, '{"detail":"queued"}', { 'content-type': 'application/json' }));
    await expect(voice().synthesize({ text: 'Amen.', language: 'en' })).rejects.toThrow(
      /openai-compatible speech: answered 200 with application\/json instead of audio: \{"detail":"queued"\}/,
    );
  });

  it('names the provider when nothing answers', async () => {
    const closed = await startProtocolServer();
    const url = closed.url;
    await closed.close();
    const provider = createOpenAiCompatibleVoice({ baseUrl: url, apiKey: 'k', model: 'm', voice: 'v' });
    await expect(provider.synthesize({ text: 'Amen.', language: 'en' })).rejects.toThrow(
      /^openai-compatible speech: request to http:\/\/127\.0\.0\.1:\d+ failed/,
    );
  });
});
