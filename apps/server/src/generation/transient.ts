import { VoiceProviderError } from './voice/voice-provider';

/**
 * Errors worth another try: a provider that was unreachable, busy or broken for a moment (a voice provider's
 * or a writer's error that says it is `retryable`). Both generation jobs, prayers and journeys, decide with it.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof VoiceProviderError) return error.retryable;
  return (error as { retryable?: unknown } | null)?.retryable === true;
}
