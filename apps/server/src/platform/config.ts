import { randomBytes } from 'node:crypto';
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  LOCALES_DIR: z.string().optional(),
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
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  mediaDir: string;
  google: { clientId: string; clientSecret: string } | undefined;
  apple: { clientId: string; clientSecret: string; appBundleIdentifier: string | undefined } | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string;
  localesDir: string;
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
    trustedOrigins: [
      publicUrl,
      ...(env.TRUSTED_ORIGINS?.split(',')
        .map((o) => o.trim())
        .filter(Boolean) ?? []),
    ],
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    mediaDir: path.join(dataDir, 'media'),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    apple:
      env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET
        ? {
            clientId: env.APPLE_CLIENT_ID,
            clientSecret: env.APPLE_CLIENT_SECRET,
            appBundleIdentifier: env.APPLE_APP_BUNDLE_IDENTIFIER,
          }
        : undefined,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist')),
    localesDir: path.resolve(env.LOCALES_DIR ?? path.join(root, 'content/locales')),
  };
}
