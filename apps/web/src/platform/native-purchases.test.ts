import type {
  CustomerInfo,
  MakePurchaseResult,
  PurchasesOffering,
  PurchasesOfferings,
  PurchasesPackage,
} from '@revenuecat/purchases-capacitor';
import { ENTITLEMENT_ID, PRODUCT_IDS } from '@selah/domain/subscriptions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNativePurchases, type NativePurchasesPlugin, UNLIMITED_PACKAGE_ID } from './native-purchases';
import { NoPackageError, PurchasesUnavailableError } from './purchases';
import { webPurchases } from './web-purchases';

// Only the loader test below reaches the real module; everything else gets a fake plugin handed in.
vi.mock('@revenuecat/purchases-capacitor', () => ({ Purchases: {} }));

type Plugin = NativePurchasesPlugin;

const API_KEY = 'appl_public_test_key';

/** A store package with the fields the code reads (the plugin's objects carry many more). */
function storePackage(identifier: string, productId: string, price: number): PurchasesPackage {
  return { identifier, product: { identifier: productId, price, currencyCode: 'USD' } } as unknown as PurchasesPackage;
}

const faithful = storePackage('$rc_monthly', PRODUCT_IDS['Faithful Plan'], 14.99);
const unlimited = storePackage(UNLIMITED_PACKAGE_ID, PRODUCT_IDS['Unlimited Prayer'], 29.99);

function offerings(current: Partial<PurchasesOffering> | null): PurchasesOfferings {
  const offering = current && ({ identifier: 'default', availablePackages: [], monthly: null, ...current } as PurchasesOffering);
  return { all: offering ? { default: offering } : {}, current: offering } as PurchasesOfferings;
}

const customer = (active: string[]): CustomerInfo =>
  ({
    entitlements: { active: Object.fromEntries(active.map((id) => [id, { identifier: id, isActive: true }])) },
  }) as unknown as CustomerInfo;

const purchased = (customerInfo: CustomerInfo, productIdentifier = ''): MakePurchaseResult =>
  ({ productIdentifier, customerInfo, transaction: {} }) as MakePurchaseResult;

/** A plugin whose store offers Faithful Plan as the monthly package and Unlimited Prayer as ProCustom. */
function fakePlugin(current: Partial<PurchasesOffering> | null = { monthly: faithful, availablePackages: [faithful, unlimited] }) {
  let configured = false;
  return {
    isConfigured: vi.fn<Plugin['isConfigured']>(() => Promise.resolve({ isConfigured: configured })),
    configure: vi.fn<Plugin['configure']>(() => {
      configured = true;
      return Promise.resolve();
    }),
    logIn: vi.fn<Plugin['logIn']>(() => Promise.resolve({ customerInfo: customer([]), created: false })),
    getOfferings: vi.fn<Plugin['getOfferings']>(() => Promise.resolve(offerings(current))),
    purchasePackage: vi.fn<Plugin['purchasePackage']>(({ aPackage }) =>
      Promise.resolve(purchased(customer([ENTITLEMENT_ID]), aPackage.product.identifier)),
    ),
    restorePurchases: vi.fn<Plugin['restorePurchases']>(() => Promise.resolve({ customerInfo: customer([ENTITLEMENT_ID]) })),
  } satisfies Plugin;
}

async function configured(plugin: ReturnType<typeof fakePlugin>) {
  const purchases = createNativePurchases(plugin, API_KEY);
  await purchases.configure('user-1');
  return purchases;
}

describe('the App Store purchases', () => {
  it('configures the SDK with the user id once, and logs another person in', async () => {
    const plugin = fakePlugin();
    const purchases = await configured(plugin);
    expect(purchases.kind).toBe('ios');
    expect(plugin.configure).toHaveBeenCalledWith({ apiKey: API_KEY, appUserID: 'user-1' });

    await purchases.configure('user-1');
    await purchases.configure('user-2');
    expect(plugin.configure).toHaveBeenCalledTimes(1);
    expect(plugin.logIn).toHaveBeenCalledExactlyOnceWith({ appUserID: 'user-2' });
  });

  it('configures one person after another when two sign-ins overlap', async () => {
    const plugin = fakePlugin();
    const purchases = createNativePurchases(plugin, API_KEY);
    await Promise.all([purchases.configure('user-1'), purchases.configure('user-2')]);
    expect(plugin.configure).toHaveBeenCalledExactlyOnceWith({ apiKey: API_KEY, appUserID: 'user-1' });
    expect(plugin.logIn).toHaveBeenCalledExactlyOnceWith({ appUserID: 'user-2' });
  });

  it('logs in when the SDK was configured before this page loaded', async () => {
    const plugin = fakePlugin();
    plugin.isConfigured.mockResolvedValue({ isConfigured: true });
    await configured(plugin);
    expect(plugin.configure).not.toHaveBeenCalled();
    expect(plugin.logIn).toHaveBeenCalledExactlyOnceWith({ appUserID: 'user-1' });
  });

  it('buys the monthly package for Faithful Plan', async () => {
    const plugin = fakePlugin();
    const purchases = await configured(plugin);
    await expect(purchases.purchase('Faithful Plan')).resolves.toEqual({
      plan: 'Faithful Plan',
      productId: 'faithfulplan',
      price: 14.99,
      currency: 'USD',
    });
    expect(plugin.purchasePackage).toHaveBeenCalledExactlyOnceWith({ aPackage: faithful });
  });

  it('buys the ProCustom package for Unlimited Prayer', async () => {
    const plugin = fakePlugin();
    const purchases = await configured(plugin);
    await expect(purchases.purchase('Unlimited Prayer')).resolves.toEqual({
      plan: 'Unlimited Prayer',
      productId: 'unlimitedprayer',
      price: 29.99,
      currency: 'USD',
    });
    expect(plugin.purchasePackage).toHaveBeenCalledExactlyOnceWith({ aPackage: unlimited });
  });

  it('raises NoPackageError when the store has no current offering', async () => {
    const plugin = fakePlugin(null);
    const purchases = await configured(plugin);
    await expect(purchases.purchase('Faithful Plan')).rejects.toBeInstanceOf(NoPackageError);
    expect(plugin.purchasePackage).not.toHaveBeenCalled();
  });

  it('raises NoPackageError when the offering has no package for the plan', async () => {
    const plugin = fakePlugin({ monthly: null, availablePackages: [faithful] });
    const purchases = await configured(plugin);
    await expect(purchases.purchase('Faithful Plan')).rejects.toBeInstanceOf(NoPackageError);
    await expect(purchases.purchase('Unlimited Prayer')).rejects.toThrow(/unlimitedprayer/);
    expect(plugin.purchasePackage).not.toHaveBeenCalled();
  });

  it('answers null when the person cancels the store sheet', async () => {
    const plugin = fakePlugin();
    const purchases = await configured(plugin);
    // As the iOS bridge rejects: the plugin's error code as a string, no userCancelled flag.
    plugin.purchasePackage.mockRejectedValueOnce(Object.assign(new Error('Purchase was cancelled.'), { code: '1' }));
    await expect(purchases.purchase('Faithful Plan')).resolves.toBeNull();
    // As the typed PurchasesError describes it.
    plugin.purchasePackage.mockRejectedValueOnce({ code: '1', message: 'Purchase was cancelled.', userCancelled: true });
    await expect(purchases.purchase('Faithful Plan')).resolves.toBeNull();
  });

  it('passes on other store errors', async () => {
    const plugin = fakePlugin();
    const purchases = await configured(plugin);
    const storeProblem = Object.assign(new Error('There was a problem with the App Store.'), { code: '2' });
    plugin.purchasePackage.mockRejectedValueOnce(storeProblem);
    await expect(purchases.purchase('Faithful Plan')).rejects.toBe(storeProblem);
  });

  it('raises an error when the purchase did not unlock pro_access', async () => {
    const plugin = fakePlugin();
    const purchases = await configured(plugin);
    plugin.purchasePackage.mockResolvedValueOnce(purchased(customer([]), 'faithfulplan'));
    await expect(purchases.purchase('Faithful Plan')).rejects.toThrow(/pro_access/);
  });

  it('restores the store purchases', async () => {
    const plugin = fakePlugin();
    const purchases = await configured(plugin);
    await purchases.restore();
    expect(plugin.restorePurchases).toHaveBeenCalledOnce();
  });

  it('asks for configure before a purchase or a restore', async () => {
    const plugin = fakePlugin();
    const purchases = createNativePurchases(plugin, API_KEY);
    await expect(purchases.purchase('Faithful Plan')).rejects.toThrow(/configure/);
    await expect(purchases.restore()).rejects.toThrow(/configure/);
    expect(plugin.getOfferings).not.toHaveBeenCalled();
    expect(plugin.restorePurchases).not.toHaveBeenCalled();
  });
});

describe('the web purchases', () => {
  it('rejects every call with PurchasesUnavailableError', async () => {
    expect(webPurchases.kind).toBe('web');
    await expect(webPurchases.configure('user-1')).rejects.toBeInstanceOf(PurchasesUnavailableError);
    await expect(webPurchases.purchase('Unlimited Prayer')).rejects.toBeInstanceOf(PurchasesUnavailableError);
    await expect(webPurchases.restore()).rejects.toBeInstanceOf(PurchasesUnavailableError);
  });
});

describe('loading the purchase platform', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const nativeShell = (platform: string) =>
    vi.stubGlobal('window', { Capacitor: { isNativePlatform: () => true, getPlatform: () => platform } });

  it('is the web one in a browser, built once', async () => {
    vi.stubGlobal('window', {});
    vi.stubEnv('VITE_REVENUECAT_IOS_API_KEY', API_KEY);
    const { isNativeIos, loadPurchases } = await import('./index');
    expect(isNativeIos()).toBe(false);
    const first = loadPurchases();
    expect(loadPurchases()).toBe(first);
    await expect(first).resolves.toMatchObject({ kind: 'web' });
  });

  it('is the web one in the Android shell, and in the iOS shell without a key', async () => {
    nativeShell('android');
    vi.stubEnv('VITE_REVENUECAT_IOS_API_KEY', API_KEY);
    await expect((await import('./index')).loadPurchases()).resolves.toMatchObject({ kind: 'web' });

    vi.resetModules();
    nativeShell('ios');
    vi.stubEnv('VITE_REVENUECAT_IOS_API_KEY', '');
    await expect((await import('./index')).loadPurchases()).resolves.toMatchObject({ kind: 'web' });
  });

  it('is the App Store one in the iOS shell with a key', async () => {
    nativeShell('ios');
    vi.stubEnv('VITE_REVENUECAT_IOS_API_KEY', API_KEY);
    const { isNativeIos, loadPurchases } = await import('./index');
    expect(isNativeIos()).toBe(true);
    const purchases = await loadPurchases();
    expect(purchases.kind).toBe('ios');
  });
});
