import * as v from 'valibot';
import { dirname, join, resolve } from 'node:path';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

const bool = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
      v.transform((s) => s === 'true' || s === '1'),
    ),
    fallback ? 'true' : 'false',
  );
const optionalText = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
);
const optionalUrl = v.optional(v.pipe(v.string(), v.url('must be a URL')));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a port number'),
      v.transform(Number),
      v.integer(),
      v.minValue(0),
      v.maxValue(65535, 'must be a port number'),
    ),
    '3000',
  ),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATABASE_PATH: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty')), './data/app.db'),
  APP_URL: optionalUrl,
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  TRUST_PROXY: bool(false),
  REQUIRE_EMAIL_VERIFICATION: bool(false),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_YEARLY: optionalText,
  STRIPE_API_URL: optionalUrl,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: v.optional(v.string(), 'gpt-4o-mini'),
  OPENAI_TTS_MODEL: v.optional(v.string(), 'gpt-4o-mini-tts'),
  OPENAI_TTS_VOICE: v.optional(v.string(), 'alloy'),
  OPENAI_TTS_VOICE_FEMALE: v.optional(v.string(), 'nova'),
  OPENAI_TTS_VOICE_SECOND: v.optional(v.string(), 'onyx'),
  OPENAI_TTS_VOICE_FEMALE_SECOND: v.optional(v.string(), 'coral'),
  ESPEAK_PATH: optionalText,
  SMTP_URL: optionalUrl,
  MAIL_FROM: v.optional(v.string(), 'Kalimat <hello@kalimat.local>'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTH_URL: optionalUrl,
  GOOGLE_TOKEN_URL: optionalUrl,
  GOOGLE_USERINFO_URL: optionalUrl,
  LITEFS_DIR: optionalText,
  BACKUP_BUCKET: optionalText,
  AWS_ENDPOINT_URL_S3: optionalUrl,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_REGION: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty')), 'auto'),
  COMMIT_DELAY_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number of milliseconds'),
      v.transform(Number),
      v.maxValue(1000, 'must be at most 1000'),
    ),
  ),
  MOVABLE_CLOCK: bool(false),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: v.optional(
    v.pipe(v.string(), v.regex(/^(mailto:|https:)/, 'must be a mailto: or https: address')),
    'mailto:hello@kalimat.local',
  ),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent'], 'must be debug, info, warn, error or silent'), 'info'),
});

type Env = v.InferOutput<typeof EnvSchema>;

export type Config = Env & {
  appUrl: string;
  sessionSecret: string;
  isProduction: boolean;
  /** Directory holding the built client; tests and `start` agree on it. */
  distDir: string;
};

export class ConfigError extends Error {}

const SECRET = /SECRET|KEY|URL/;

/** Parses the environment once; a bad value throws one line that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const issue = result.issues[0];
    const key = v.getDotPath(issue) ?? 'environment';
    // Secrets and URLs (which may carry a password) are named, never echoed into the logs.
    const shown = SECRET.test(key) ? '' : ` (got ${JSON.stringify(issue.input)})`;
    throw new ConfigError(`Invalid environment variable ${key}: ${issue.message}${shown}`);
  }
  const parsed = result.output;
  const isProduction = parsed.NODE_ENV === 'production';
  if (isProduction && !parsed.SESSION_SECRET) {
    throw new ConfigError('Invalid environment variable SESSION_SECRET: required in production (at least 32 characters)');
  }
  for (const key of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) {
    if (parsed.BACKUP_BUCKET && !parsed[key]) throw new ConfigError(`Invalid environment variable ${key}: required with BACKUP_BUCKET`);
  }
  if (isProduction && parsed.COMMIT_DELAY_MS !== undefined) {
    throw new ConfigError('Invalid environment variable COMMIT_DELAY_MS: a benchmark setting, refused in production');
  }
  if (!parsed.VAPID_PUBLIC_KEY !== !parsed.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      `Invalid environment variable ${parsed.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: the two VAPID keys go together`,
    );
  }
  if (isProduction && parsed.MOVABLE_CLOCK) {
    throw new ConfigError('Invalid environment variable MOVABLE_CLOCK: a test setting, refused in production');
  }
  const databasePath = parsed.DATABASE_PATH === ':memory:' ? ':memory:' : resolve(parsed.DATABASE_PATH);
  return {
    ...parsed,
    DATABASE_PATH: databasePath,
    appUrl: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    sessionSecret: parsed.SESSION_SECRET ?? localSessionSecret(databasePath),
    isProduction,
    distDir: resolve(import.meta.dir, '..', 'dist'),
  };
}

/** Reads the environment or exits with the one line that names the bad variable (the scripts' and the server's start). */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Without SESSION_SECRET a random secret is kept beside the database, so sessions survive restarts. */
function localSessionSecret(databasePath: string): string {
  if (databasePath === ':memory:') return randomBytes(32).toString('hex');
  const file = join(dirname(databasePath), '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
