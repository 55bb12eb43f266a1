/**
 * Push notifications on this device, behind one interface (issue 18): the browser's Push API on the web; the
 * native shell's push plugin comes with it. Permission is asked only when the person turns notifications on.
 */
import type { PushSubscriptionBody } from '@selah/domain/push';

export type PushPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export type RegisterResult =
  | { ok: true; subscription: PushSubscriptionBody }
  /** denied: the person (or the browser) said no; unsupported: no push here; failed: the push service did not answer. */
  | { ok: false; reason: 'denied' | 'unsupported' | 'failed'; message?: string };

export interface PushPlatform {
  readonly kind: 'web' | 'native';
  /** Whether this device may show notifications, without asking (the last answer known; see checkPermission). */
  permission(): PushPermission;
  /** The platform's current answer, without asking (the native plugin answers only asynchronously). */
  checkPermission(): Promise<PushPermission>;
  /** Asks the person (the browser's prompt) when they have not decided yet; call it straight from their tap. */
  requestPermission(): Promise<PushPermission>;
  /** Asks permission (only when not decided yet) and registers this device with its push service. */
  register(publicKey: string): Promise<RegisterResult>;
  /** Ends this device's registration (notifications turned off). */
  unregister(): Promise<void>;
}
