/**
 * The App Store through RevenueCat (spec section 7, In-app purchases: iOS only). Loaded only inside the iOS app
 * (index.ts imports it, and the plugin, on demand); `plugin` is the plugin's `Purchases` object, or a fake in
 * tests. Only types come from the plugin here, so this file runs without Capacitor.
 */
import type { PurchasesPackage, PurchasesPlugin, PURCHASES_ERROR_CODE } from '@revenuecat/purchases-capacitor';
import { ENTITLEMENT_ID, PRODUCT_IDS } from '@selah/domain/subscriptions';
import { NoPackageError, type PaidPlan, type PurchaseOutcome, type PurchasePlatform } from './purchases';

/** The plugin's methods this file calls. */
export type NativePurchasesPlugin = Pick<
  PurchasesPlugin,
  'configure' | 'isConfigured' | 'logIn' | 'getOfferings' | 'purchasePackage' | 'restorePurchases'
>;

/** The Unlimited Prayer package of the current offering (a custom package; Faithful Plan is its monthly one). */
export const UNLIMITED_PACKAGE_ID = 'ProCustom';

/**
 * The code a cancelled store sheet rejects with. The bridge hands over `{ message, code, data }` with the code as
 * a string; the typed PurchasesError's `userCancelled` flag is not passed on by the iOS plugin (Android puts it in
 * `data`). The type ties the value to the plugin's enum, so a change there fails the type check.
 */
const PURCHASE_CANCELLED: `${PURCHASES_ERROR_CODE.PURCHASE_CANCELLED_ERROR}` = '1';

function isCancelled(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, userCancelled, data } = error as { code?: unknown; userCancelled?: unknown; data?: unknown };
  if (String(code) === PURCHASE_CANCELLED || userCancelled === true) return true;
  return typeof data === 'object' && data !== null && (data as { userCancelled?: unknown }).userCancelled === true;
}

export function createNativePurchases(plugin: NativePurchasesPlugin, apiKey: string): PurchasePlatform {
  /** The user the store's purchases are tied to now, once configure (or logIn) has succeeded. */
  let currentUser: string | null = null;
  /** configure calls run one after another (a second sign-in while the first is still configuring). */
  let queue: Promise<void> = Promise.resolve();

  async function tieTo(userId: string): Promise<void> {
    if (currentUser === userId) return;
    // The SDK is configured once per app run; it outlives a reload of the web view, so ask it rather than trust
    // this module's memory. After that another person is a logIn, not a second configure.
    const { isConfigured } = await plugin.isConfigured();
    if (isConfigured) await plugin.logIn({ appUserID: userId });
    else await plugin.configure({ apiKey, appUserID: userId });
    currentUser = userId;
  }

  function requireConfigured(): void {
    if (currentUser === null) throw new Error('Purchases are not configured: call configure(userId) first');
  }

  async function packageFor(plan: PaidPlan): Promise<PurchasesPackage> {
    const { current } = await plugin.getOfferings();
    if (!current) throw new NoPackageError('The store has no current offering');
    const found =
      plan === 'Unlimited Prayer' ? current.availablePackages.find((pkg) => pkg.identifier === UNLIMITED_PACKAGE_ID) : current.monthly;
    if (!found) throw new NoPackageError(`The current offering has no package for ${PRODUCT_IDS[plan]} (${plan})`);
    return found;
  }

  return {
    kind: 'ios',

    configure(userId) {
      const next = queue.then(() => tieTo(userId));
      queue = next.catch(() => undefined);
      return next;
    },

    async purchase(plan): Promise<PurchaseOutcome | null> {
      requireConfigured();
      const aPackage = await packageFor(plan);
      let customerInfo;
      try {
        ({ customerInfo } = await plugin.purchasePackage({ aPackage }));
      } catch (error) {
        if (isCancelled(error)) return null;
        throw error;
      }
      if (!customerInfo.entitlements.active[ENTITLEMENT_ID]) {
        throw new Error(`The purchase of ${aPackage.product.identifier} did not unlock ${ENTITLEMENT_ID}`);
      }
      const { product } = aPackage;
      return { plan, productId: product.identifier, price: product.price, currency: product.currencyCode };
    },

    async restore() {
      requireConfigured();
      await plugin.restorePurchases();
    },
  };
}
