/** Outside the iOS app there is nothing to buy: every call rejects with PurchasesUnavailableError. */
import { type PurchasePlatform, PurchasesUnavailableError } from './purchases';

const unavailable = (): Promise<never> => Promise.reject(new PurchasesUnavailableError());

export const webPurchases: PurchasePlatform = {
  kind: 'web',
  configure: unavailable,
  purchase: unavailable,
  restore: unavailable,
};
