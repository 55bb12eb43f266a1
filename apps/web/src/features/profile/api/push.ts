import { api } from '../../../lib/api';
import type { PushPlatform } from '../../../platform';

export type DeviceOutcome = 'registered' | 'unsupported' | 'failed' | 'denied';

/**
 * Registers this device for notifications: the server's VAPID key, the browser's push service, then the server
 * stores the subscription. Permission must have been asked already (from the person's tap).
 */
export async function registerThisDevice(push: PushPlatform): Promise<DeviceOutcome> {
  const { publicKey } = await api('GET /api/push/public-key');
  const result = await push.register(publicKey);
  if (!result.ok) return result.reason;
  await api('POST /api/push/subscriptions', { body: result.subscription });
  return 'registered';
}
