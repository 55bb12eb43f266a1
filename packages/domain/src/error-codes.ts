/** Codes the web app maps to the spec's messages. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  passwordRequired: 'PASSWORD_REQUIRED',
  invalidPassword: 'INVALID_PASSWORD',
  sessionExpired: 'SESSION_EXPIRED',
  limitReached: 'LIMIT_REACHED',
  conflict: 'CONFLICT',
  dayLocked: 'DAY_LOCKED',
  internal: 'INTERNAL_ERROR',
  /** Sign-in failures for one account: wait before the next try (any account, existing or not, alike). */
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  passwordTooShort: 'PASSWORD_TOO_SHORT',
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  passwordEqualsEmail: 'PASSWORD_EQUALS_EMAIL',
  /** A personalized journey is already being generated for this person. */
  journeyInProgress: 'JOURNEY_IN_PROGRESS',
  /** The day's personalized journeys (PERSONALIZED_JOURNEYS_PER_DAY) are started: the next may start later. */
  journeyDailyLimit: 'JOURNEY_DAILY_LIMIT',
  /** Spiritual goals are kept for paid plans only. */
  planRequired: 'PLAN_REQUIRED',
  /** The plan was bought in a store (the App Store): it is changed or cancelled there. */
  storeManaged: 'STORE_MANAGED',
  /** This server has no purchase service configured (RevenueCat keys). */
  purchasesUnavailable: 'PURCHASES_UNAVAILABLE',
  /** The purchase service did not answer, or answered something we cannot read. */
  storeUnreachable: 'STORE_UNREACHABLE',
  /** Push devices are kept only while the person has notifications on. */
  notificationsOff: 'NOTIFICATIONS_OFF',
  /** This push device (browser subscription or app token) receives another account's notifications. */
  deviceRegisteredElsewhere: 'DEVICE_REGISTERED_ELSEWHERE',
  /** Apple sign-in in the app for an email whose account uses other providers: sign in with those first. */
  appleLinkRequiresSignIn: 'APPLE_LINK_REQUIRES_SIGN_IN',
} as const;
