import { api, ApiError } from '../../../lib/api';
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
  const device = await api('POST /api/push/subscriptions', { body: result.subscription });
  rememberDevice(device.id);
  return 'registered';
}

/** This device's registration, kept so that sign-out can remove it (the next person on it registers anew). */
const DEVICE_KEY = 'selah.pushDevice';

function rememberDevice(id: string): void {
  try {
    localStorage.setItem(DEVICE_KEY, id);
  } catch {
    // Storage refused (private mode): sign-out then leaves the device, as before.
  }
}

/**
 * At sign-out: this device stops receiving the account's notifications, and a person signing in next can
 * register it (the server never moves a device between accounts without proof).
 */
export async function forgetThisDevice(): Promise<void> {
  let id: string | null;
  try {
    id = localStorage.getItem(DEVICE_KEY);
  } catch {
    return;
  }
  if (!id) return;
  try {
    // Never holds the sign-out up for long on a stalled network.
    await api('DELETE /api/push/subscriptions/:id', { params: { id }, signal: AbortSignal.timeout(3000) });
  } catch (error) {
    // Kept for the next sign-out when it could not be removed now (offline); a device already gone is done.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  localStorage.removeItem(DEVICE_KEY);
}
