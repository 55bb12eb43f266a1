/**
 * What the native shell is told when its copy of the web app is built (`npm run native:sync`, README "On
 * phones"): the one place on the web side that reads build-time settings. The web build has none of them: it is
 * served by the server it talks to.
 */
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export const nativeConfig = {
  /** The server's https origin (PUBLIC_URL), e.g. https://selah.example: the shell's API, audio and texts. */
  serverUrl: text(import.meta.env.VITE_SERVER_URL).replace(/\/+$/, ''),
  /** Google's web client id (GOOGLE_CLIENT_ID): Android's sign-in sheet issues id tokens for it. */
  googleWebClientId: text(import.meta.env.VITE_GOOGLE_WEB_CLIENT_ID),
  /** The iOS app's Google client id (GOOGLE_IOS_CLIENT_ID). */
  googleIosClientId: text(import.meta.env.VITE_GOOGLE_IOS_CLIENT_ID),
  /** RevenueCat's public SDK key for the App Store ("appl_..."); without one the iOS app sells nothing. */
  revenueCatIosApiKey: text(import.meta.env.VITE_REVENUECAT_IOS_API_KEY),
};
