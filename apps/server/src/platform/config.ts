import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads the environment. Validated at boot: a wrong value stops the process
 * with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  TRUSTED_ORIGINS: z.string().optional(),
  /** Origins of the native shell: trusted like TRUSTED_ORIGINS, and the only ones given the session token in the body. */
  NATIVE_ORIGINS: z.string().default('capacitor://localhost,https://localhost'),
  /**
   * Which proxies may tell the client's address (X-Forwarded-For) and protocol: unset trusts none (every
   * per-address limit counts the connection's own address); a hop count (1 behind one load balancer) or
   * comma-separated addresses / CIDR ranges of the proxies.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*|loopback|linklocal|uniquelocal)$/,
      'must be a hop count (e.g. 1) or comma-separated proxy addresses / CIDR ranges',
    )
    .optional(),
  SIGN_UP_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /** Personalized journeys a person may start in 24 hours: a guard against abuse, not a plan quota (issue 34). */
  PERSONALIZED_JOURNEYS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  /** A person's open event streams on one API process; past it the oldest is closed. */
  LIVE_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(1000).default(10),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().positive().max(3650).default(90),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Selah <no-reply@selah.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  APPLE_APP_BUNDLE_IDENTIFIER: z.string().optional(),
  /** The iOS app's own Google client id: the audience of its id tokens (Android's carry GOOGLE_CLIENT_ID). */
  GOOGLE_IOS_CLIENT_ID: z.string().optional(),
  /** Where the providers publish the keys that sign their id tokens (tests point them at a local server). */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  // ---- voice and media store (generation pipeline) ----
  VOICE_PROVIDER: z.enum(['embedded', 'espeak', 'openai', 'elevenlabs']).default('embedded'),
  OPENAI_TTS_BASE_URL: z.url().default('https://api.openai.com'),
  OPENAI_TTS_API_KEY: z.string().optional(),
  OPENAI_TTS_MODEL: z.string().min(1).default('tts-1'),
  OPENAI_TTS_VOICE: z.string().min(1).default('alloy'),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_VOICE_ID: z.string().optional(),
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL: z.string().min(1).default('eleven_multilingual_v2'),
  MEDIA_STORE: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // ---- prayer writer (an OpenAI-compatible chat server; the built-in composer when unset) ----
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  // ---- push notifications ----
  /** VAPID keys (base64url, as web-push makes them); generated into DATA_DIR/vapid-keys.json when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  /** Who push services may contact about our messages: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /**
   * Push services beyond the browsers' own (origins, comma-separated, e.g. http://127.0.0.1:9999 for a test
   * service): subscriptions may only name these or the known services, so the server never posts elsewhere.
   */
  PUSH_ALLOWED_ORIGINS: z.string().optional(),
  /** A Firebase service account (its JSON, or a path to the file) for native push tokens (FCM HTTP v1). */
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  FCM_API_URL: z.url().default('https://fcm.googleapis.com'),
  // ---- purchases (RevenueCat, for the iOS app) ----
  /** RevenueCat's secret API key: POST /api/subscription/sync asks its REST API for a person's entitlements. */
  REVENUECAT_SECRET_KEY: z.string().min(1).optional(),
  /** The Authorization header value RevenueCat's webhook is configured to send. */
  REVENUECAT_WEBHOOK_AUTH: z.string().min(16, 'must be at least 16 characters').optional(),
  REVENUECAT_API_URL: z.url().default('https://api.revenuecat.com'),
  /** Connections each process keeps to PostgreSQL (its pool). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /** Jobs of each kind one worker process runs at once. */
  PRAYER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  JOURNEY_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A worker's own port for /health, /ready and /metrics (the API serves them on PORT). */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  LOCALES_DIR: z.string().optional(),
  CONTENT_DIR: z.string().optional(),
  CORPUS_DIR: z.string().optional(),
  FFMPEG_PATH: z.string().optional(),
  /** Browser tests only: POST /api/test/clock moves the server's clock. Never set it in production. */
  ENABLE_TEST_CLOCK: z.enum(['0', '1']).default('0'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  isDevelopment: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  authRateLimitMax: number;
  trustedOrigins: string[];
  /** The native shell's origins (also in trustedOrigins): only they receive the session token in sign-in bodies. */
  nativeOrigins: string[];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string;
  /** Accounts created per client address per hour. */
  signUpRateLimitMax: number;
  /** A person's open event streams on one API process (LIVE_STREAMS_PER_PERSON); past it the oldest closes. */
  liveStreamsPerPerson: number;
  /** Personalized journeys a person may start in 24 hours (PERSONALIZED_JOURNEYS_PER_DAY). */
  personalizedJourneysPerDay: number;
  analyticsRetentionDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  mediaDir: string;
  /** Google sign-in: the web's client (popup and Android's id tokens) and the iOS app's client id. */
  google: { clientId: string; clientSecret: string; iosClientId: string | undefined; jwksUrl: string } | undefined;
  /** Apple sign-in: the web's Services ID and the iOS app's bundle id (the audience of its id tokens). */
  apple: { clientId: string; clientSecret: string; appBundleIdentifier: string | undefined; jwksUrl: string } | undefined;
  /** Who voices generated prayers (VOICE_PROVIDER and its keys). */
  voice: VoiceConfig;
  /** Where generated audio is stored (MEDIA_STORE): DATA_DIR/media, or an S3-compatible bucket. */
  mediaStore: MediaStoreConfig;
  /** Who writes generated prayers: an OpenAI-compatible chat server (LLM_BASE_URL) or the built-in composer. */
  writer: WriterConfig;
  /** Web Push (VAPID) and native push (FCM): keys, the services subscriptions may name, the FCM account. */
  push: PushConfig;
  /** RevenueCat (purchases in the iOS app): the REST API for sync, the webhook's secret; each unset means off. */
  revenueCat: { apiUrl: string; secretKey: string | undefined; webhookAuth: string | undefined };
  logLevel: Env['LOG_LEVEL'];
  workerPort: number;
  metricsToken: string | undefined;
  databasePoolSize: number;
  /** Jobs of each kind one worker process runs at once. */
  concurrency: { prayers: number; journeys: number; push: number };
  webDistDir: string;
  localesDir: string;
  contentDir: string;
  /** The folder holding composer/{en,es,pl}.json, the built-in writer's corpus (the repo's content/ unless CORPUS_DIR). */
  corpusDir: string;
  /** FFMPEG_PATH: unset (the system's ffmpeg on PATH, else the bundled one), `bundled`, or an ffmpeg's path. */
  ffmpegPath: string | undefined;
  /** POST /api/test/clock is served (ENABLE_TEST_CLOCK=1, browser tests only). */
  testClock: boolean;
}

export class ConfigError extends Error {}

const repoRoot = (): string => {
  // Works from src (tsx, vitest) and from the bundled dist/main.js alike: walk up to the workspace root.
  let dir = path.dirname(new URL(import.meta.url).pathname);
  while (dir !== path.dirname(dir)) {
    if (existsSync(path.join(dir, 'content')) && existsSync(path.join(dir, 'apps'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
};

/** The secret signs sessions; embedded installs keep a generated one in DATA_DIR so restarts keep users signed in. */
function resolveAuthSecret(env: Env, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

// ---- push notifications ----

export interface FcmServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

export interface PushConfig {
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Origins beyond the known push services that subscriptions may name (PUSH_ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  fcm: { account: FcmServiceAccount; apiUrl: string } | undefined;
}

/** VAPID keys from the environment, else from DATA_DIR/vapid-keys.json (made on the first start, like the auth secret). */
function resolveVapidKeys(env: Env, dataDir: string): { publicKey: string; privateKey: string } {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
    throw new ConfigError(`Invalid configuration:\n  ${file} does not hold publicKey and privateKey`);
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

function fcmAccount(value: string): FcmServiceAccount {
  let json: Record<string, unknown>;
  try {
    const text = value.trim().startsWith('{') ? value : readFileSync(path.resolve(value), 'utf8');
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ConfigError('Invalid configuration:\n  FCM_SERVICE_ACCOUNT: give the service account JSON, or the path of its file');
  }
  const field = (name: string): string => {
    const found = json[name];
    if (typeof found !== 'string' || found === '')
      throw new ConfigError(`Invalid configuration:\n  FCM_SERVICE_ACCOUNT: ${name} is missing`);
    return found;
  };
  return {
    projectId: field('project_id'),
    clientEmail: field('client_email'),
    privateKey: field('private_key'),
    tokenUri: typeof json.token_uri === 'string' ? json.token_uri : 'https://oauth2.googleapis.com/token',
  };
}

function pushConfig(env: Env, dataDir: string, publicUrl: string): PushConfig {
  const allowedOrigins = originList(env.PUSH_ALLOWED_ORIGINS).map((origin) => {
    try {
      return new URL(origin).origin;
    } catch {
      throw new ConfigError(`Invalid configuration:\n  PUSH_ALLOWED_ORIGINS: ${origin} is not an origin`);
    }
  });
  const subject = env.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:push@selah.local');
  return {
    vapid: { ...resolveVapidKeys(env, dataDir), subject },
    allowedOrigins,
    fcm: env.FCM_SERVICE_ACCOUNT ? { account: fcmAccount(env.FCM_SERVICE_ACCOUNT), apiUrl: env.FCM_API_URL.replace(/\/$/, '') } : undefined,
  };
}

// ---- voice and media store (generation pipeline) ----

export type VoiceConfig =
  | { provider: 'embedded' }
  | { provider: 'espeak' }
  | { provider: 'openai'; baseUrl: string; apiKey: string; model: string; voice: string }
  | { provider: 'elevenlabs'; baseUrl: string; apiKey: string; voiceId: string; model: string };

export type MediaStoreConfig =
  | { kind: 'local'; dir: string; /** People's own audio (DATA_DIR/private-media). */ privateDir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix inside the bucket ('' or 'some/folder/'). */
      prefix: string;
      /** Where objects are PUT: https://host/bucket/key when pathStyle, else https://bucket.host/key. */
      endpoint: string;
      pathStyle: boolean;
      region: string;
      /** What the stored URLs start with (a CDN or the bucket's public address); no trailing slash. */
      publicUrl: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

const required = (name: string, value: string | undefined, when: string): string => {
  if (!value) throw new ConfigError(`Invalid configuration:\n  ${name}: required when ${when}`);
  return value;
};

function voiceConfig(env: Env): VoiceConfig {
  switch (env.VOICE_PROVIDER) {
    case 'embedded':
      return { provider: 'embedded' };
    case 'espeak':
      return { provider: 'espeak' };
    case 'openai':
      return {
        provider: 'openai',
        baseUrl: env.OPENAI_TTS_BASE_URL,
        apiKey: required('OPENAI_TTS_API_KEY', env.OPENAI_TTS_API_KEY, 'VOICE_PROVIDER=openai (any value for servers without keys)'),
        model: env.OPENAI_TTS_MODEL,
        voice: env.OPENAI_TTS_VOICE,
      };
    case 'elevenlabs':
      return {
        provider: 'elevenlabs',
        baseUrl: env.ELEVENLABS_BASE_URL,
        apiKey: required('ELEVENLABS_API_KEY', env.ELEVENLABS_API_KEY, 'VOICE_PROVIDER=elevenlabs'),
        voiceId: required('ELEVENLABS_VOICE_ID', env.ELEVENLABS_VOICE_ID, 'VOICE_PROVIDER=elevenlabs'),
        model: env.ELEVENLABS_MODEL,
      };
  }
}

// ---- prayer writer ----

export type WriterConfig =
  { provider: 'composer' } | { provider: 'openai'; baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number };

function writerConfig(env: Env): WriterConfig {
  if (!env.LLM_BASE_URL) return { provider: 'composer' };
  return {
    provider: 'openai',
    baseUrl: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY || undefined,
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
  };
}

/** MEDIA_STORE: unset or "local" (DATA_DIR/media), or s3://bucket[/prefix]?endpoint=...&region=...&publicUrl=... */
function mediaStoreConfig(env: Env, mediaDir: string, privateDir: string): MediaStoreConfig {
  const value = env.MEDIA_STORE?.trim();
  if (!value || value === 'local') return { kind: 'local', dir: mediaDir, privateDir };
  const invalid = (why: string) =>
    new ConfigError(`Invalid configuration:\n  MEDIA_STORE: ${why} (expected local or s3://bucket?endpoint=...&region=...&publicUrl=...)`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('not a URL');
  }
  if (url.protocol !== 's3:') throw invalid(`unknown scheme ${url.protocol}`);
  const bucket = url.hostname;
  if (!bucket) throw invalid('no bucket name');
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  const httpUrl = (name: string): string | undefined => {
    const raw = url.searchParams.get(name);
    if (!raw) return undefined;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return raw.replace(/\/+$/, '');
    } catch {
      // reported below
    }
    throw invalid(`${name} must be an http(s) URL`);
  };
  const region = url.searchParams.get('region') || 'us-east-1';
  const customEndpoint = httpUrl('endpoint');
  // A custom endpoint (MinIO, R2, B2, ...) is addressed path-style; AWS itself by virtual host.
  const endpoint = customEndpoint ?? `https://s3.${region}.amazonaws.com`;
  const pathStyle = Boolean(customEndpoint);
  const bucketUrl = pathStyle ? `${endpoint}/${bucket}` : `https://${bucket}.s3.${region}.amazonaws.com`;
  const when = 'MEDIA_STORE is an s3:// URL';
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    pathStyle,
    region,
    publicUrl: httpUrl('publicUrl') ?? bucketUrl,
    accessKeyId: required('S3_ACCESS_KEY_ID', env.S3_ACCESS_KEY_ID, when),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY', env.S3_SECRET_ACCESS_KEY, when),
  };
}

const originList = (value: string | undefined): string[] =>
  value
    ?.split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean) ?? [];

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const pairs: Array<[string, string | undefined, string, string | undefined]> = [
    ['GOOGLE_CLIENT_ID', env.GOOGLE_CLIENT_ID, 'GOOGLE_CLIENT_SECRET', env.GOOGLE_CLIENT_SECRET],
    ['APPLE_CLIENT_ID', env.APPLE_CLIENT_ID, 'APPLE_CLIENT_SECRET', env.APPLE_CLIENT_SECRET],
  ];
  for (const [nameA, a, nameB, b] of pairs) {
    if (Boolean(a) !== Boolean(b)) throw new ConfigError(`Invalid configuration:\n  ${nameA} and ${nameB} must be set together`);
  }
  const root = repoRoot();
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    isDevelopment: env.NODE_ENV === 'development',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    authSecret: resolveAuthSecret(env, dataDir),
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    trustedOrigins: [publicUrl, ...originList(env.TRUSTED_ORIGINS), ...originList(env.NATIVE_ORIGINS)],
    nativeOrigins: originList(env.NATIVE_ORIGINS),
    trustProxy: !env.TRUST_PROXY ? false : /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) || false : env.TRUST_PROXY,
    signUpRateLimitMax: env.SIGN_UP_RATE_LIMIT_MAX,
    liveStreamsPerPerson: env.LIVE_STREAMS_PER_PERSON,
    personalizedJourneysPerDay: env.PERSONALIZED_JOURNEYS_PER_DAY,
    analyticsRetentionDays: env.ANALYTICS_RETENTION_DAYS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    mediaDir: path.join(dataDir, 'media'),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            iosClientId: env.GOOGLE_IOS_CLIENT_ID,
            jwksUrl: env.GOOGLE_JWKS_URL,
          }
        : undefined,
    apple:
      env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET
        ? {
            clientId: env.APPLE_CLIENT_ID,
            clientSecret: env.APPLE_CLIENT_SECRET,
            appBundleIdentifier: env.APPLE_APP_BUNDLE_IDENTIFIER,
            jwksUrl: env.APPLE_JWKS_URL,
          }
        : undefined,
    voice: voiceConfig(env),
    mediaStore: mediaStoreConfig(env, path.join(dataDir, 'media'), path.join(dataDir, 'private-media')),
    writer: writerConfig(env),
    push: pushConfig(env, dataDir, publicUrl),
    revenueCat: {
      apiUrl: env.REVENUECAT_API_URL.replace(/\/$/, ''),
      secretKey: env.REVENUECAT_SECRET_KEY,
      webhookAuth: env.REVENUECAT_WEBHOOK_AUTH,
    },
    logLevel: env.LOG_LEVEL,
    workerPort: env.WORKER_PORT,
    metricsToken: env.METRICS_TOKEN,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    concurrency: { prayers: env.PRAYER_CONCURRENCY, journeys: env.JOURNEY_CONCURRENCY, push: env.PUSH_CONCURRENCY },
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist')),
    localesDir: path.resolve(env.LOCALES_DIR ?? path.join(root, 'content/locales')),
    contentDir: path.resolve(env.CONTENT_DIR ?? path.join(root, 'content')),
    // Separate from CONTENT_DIR: a small seed set (the browser tests') still writes prayers with the full corpus.
    corpusDir: path.resolve(env.CORPUS_DIR ?? path.join(root, 'content')),
    ffmpegPath: env.FFMPEG_PATH?.trim() || undefined,
    testClock: env.ENABLE_TEST_CLOCK === '1',
  };
}
