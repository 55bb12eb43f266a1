import { VoiceProviderError } from './voice-provider';

/** Anything shorter is an error page or a truncated answer, not a sentence of speech. */
export const MIN_SPEECH_BYTES = 256;
const TIMEOUT_MS = 60_000;

/**
 * POSTs to a speech API and returns the audio bytes. Every failure (no answer, a non-2xx status, a text or
 * JSON answer, an empty or short body) throws a VoiceProviderError naming the provider and the status.
 */
export async function postForSpeech(
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: unknown },
): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : describe(error);
    throw new VoiceProviderError(provider, `request to ${new URL(url).origin} failed: ${reason}`, undefined, true);
  }
  const body = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok) {
    throw new VoiceProviderError(provider, `answered ${response.status} ${response.statusText}${excerpt(body)}`, response.status);
  }
  if (/^(application\/json|text\/)/i.test(contentType)) {
    throw new VoiceProviderError(
      provider,
      `answered ${response.status} with ${contentType} instead of audio${excerpt(body)}`,
      response.status,
    );
  }
  if (body.length < MIN_SPEECH_BYTES) {
    throw new VoiceProviderError(
      provider,
      `answered ${response.status} with ${body.length === 0 ? 'an empty body' : `only ${body.length} bytes`} instead of audio`,
      response.status,
    );
  }
  return body;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

/** The start of an error body, which usually says what was wrong (a bad key, an unknown voice). */
function excerpt(body: Buffer): string {
  const text = body.toString('utf8', 0, 300).replace(/\s+/g, ' ').trim();
  return text ? `: ${text}` : '';
}
