import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { otlpProtocolProblems } from '../observability/otlp-protocol';

/** The validated, typed configuration of one process. */
export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | null;
  dataDir: string;
  migrationsRun: boolean;
  jwtSecret: string;
  otpPepper: string;
  smtpUrl: string | null;
  mailFrom: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  appTokenTtl: number;
  otpTtl: number;
  otpMaxAttempts: number;
  otpResendAfter: number;
  /** Origins allowed as redirect_uri after social sign-in: PUBLIC_URL's origin, then AUTH_REDIRECT_ORIGINS. */
  authRedirectOrigins: string[];
  authRateLimit: number;
  redisUrl: string | null;
  corsOrigins: string[];
  /**
   * How far X-Forwarded-For is trusted (Fastify's `trustProxy`): false → never (the socket address is
   * the client), a hop count, or the addresses/CIDRs of trusted proxies.
   */
  trustProxy: false | number | string[];
  /** Failed OTP verifications per e-mail address per rolling hour, across codes. */
  otpMaxFailures: number;
  /** Seconds from sign-in after which a session ends, however often it was refreshed. */
  sessionMaxAge: number;
  /** Seconds during which a just-rotated refresh token may be presented again. */
  refreshReuseInterval: number;
  logLevel: string;
  /** Google sign-in; null when GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are unset. */
  google: GoogleConfig | null;
  /** GitHub sign-in; null when GITHUB_CLIENT_ID/GITHUB_CLIENT_SECRET are unset. */
  github: GithubConfig | null;
  /**
   * Whether named prepared statements may be used: false behind a transaction-mode pooler (PgBouncer
   * before 1.21, RDS Proxy), which hands each transaction to any server connection.
   */
  databasePreparedStatements: boolean;
  /** Seconds before a running statement is cancelled by the server (statement_timeout). */
  databaseStatementTimeout: number;
  /** Seconds of serving with `Connection: close` after SIGTERM, before the listener closes. */
  shutdownDelay: number;
  /** Most seconds to wait for in-flight requests once the listener has closed. */
  shutdownTimeout: number;
  /** Port of the Prometheus endpoint `/metrics`; null → no metrics endpoint. */
  metricsPort: number | null;
  /** Address the metrics endpoint listens on (METRICS_HOST): loopback unless set. */
  metricsHost: string;
  /** Seconds between a failed webhook attempt and the next, in order. */
  webhookRetrySchedule: number[];
  /** Seconds a webhook endpoint has to answer an attempt. */
  webhookTimeout: number;
  /** Consecutive failed deliveries after which an endpoint is disabled. */
  webhookDisableAfter: number;
  /** Allows http:// endpoints and loopback/private addresses (development and tests only). */
  webhookAllowLocal: boolean;
  /**
   * Whether this instance makes webhook attempts (true) or only queues them with the changes it commits,
   * leaving the attempts to the instances of the same database that do (delivery-only instances).
   */
  webhookDelivery: boolean;
  /** DNS servers (`ip` or `ip:port`) endpoint names are resolved with; null → the system's (resolv.conf). */
  webhookDnsServers: string[] | null;
  /** Days events and deliveries are kept. */
  eventRetentionDays: number;
  /** Seconds a store invitation's link lives. */
  invitationTtl: number;
  /**
   * (v1.3) Seconds a shared cache may keep a public token's storefront GET answer (`s-maxage`, and as long
   * again `stale-while-revalidate`); 0: every use revalidates.
   */
  storefrontCacheSeconds: number;
  /** Seconds a cart lives after its last change (reading it does not extend it). */
  cartTtl: number;
  /** (v1.4) Seconds an unpaid checkout order holds its stock before the service cancels it. */
  orderHoldTtl: number;
  /** Cart writes and checkouts a minute per client address and token pair. */
  storefrontWriteRateLimit: number;
  /** (v1.4) Stores one account may own; stage 1 past it is 409 `store_limit_reached`. */
  maxStoresPerAccount: number;
  /** (v1.4) Where media objects live and how they are served (§17). */
  media: MediaConfig;
}

/** (v1.4) Media storage: the disk under DATA_DIR/media (default) or an S3-compatible bucket. */
export interface MediaConfig {
  storage: 'disk' | 's3';
  /** Base URL media are served under, no trailing slash (default PUBLIC_URL/media). */
  publicUrl: string;
  /** Largest upload accepted, in bytes. */
  maxBytes: number;
  /** Most pixels (width × height) an image may have to be decoded. */
  maxPixels: number;
  /** The disk backend's directory (DATA_DIR/media). */
  directory: string;
  /** Set when storage is `s3`. */
  s3: S3Config | null;
}

export interface S3Config {
  /** null → the AWS endpoint of the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export interface GithubConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Base of the REST API: `/user` and `/user/emails` live under it. No trailing slash. */
  apiUrl: string;
}

/**
 * A bad or missing configuration value; its message is the one line printed before exiting. When several
 * variables are bad, loadConfig throws one ConfigError for all of them: `errors` lists each, and the
 * message has one line per variable (contract v1.3 §0: every bad variable reported at once).
 */
export class ConfigError extends Error {
  /** Every bad variable's error, this one included (itself alone when it is the only one). */
  errors: ConfigError[] = [this];

  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }

  /** One error for several: the first's variable, every line in the message. */
  static all(errors: ConfigError[]): ConfigError {
    if (errors.length === 1) return errors[0];
    const all = new ConfigError(errors[0].variable, '');
    all.message = errors.map((error) => error.message).join('\n');
    all.errors = errors;
    return all;
  }
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return def;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number (got "${raw}")`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max} (got ${n})`);
  return n;
}

function bool(env: Env, name: string, def: boolean): boolean {
  const raw = str(env, name);
  if (raw === undefined) return def;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false (got "${raw}")`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be an absolute URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.map((p) => p.replace(':', '')).join(' or ')}`);
  }
  return raw;
}

function origins(env: Env, name: string): string[] {
  const raw = str(env, name);
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      let parsed: URL;
      try {
        parsed = new URL(o);
      } catch {
        throw new ConfigError(name, `has an entry that is not an origin: "${o}"`);
      }
      if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== o.replace(/\/$/, '')) {
        throw new ConfigError(name, `has an entry that is not an origin (scheme://host[:port]): "${o}"`);
      }
      return parsed.origin;
    });
}

/** MEDIA_STORAGE and its S3_* variables; every missing one is reported (s3 needs a bucket and credentials). */
function mediaConfig(
  env: Env,
  publicUrl: string,
  dataDir: string,
  check: <T>(read: () => T, fallback: T) => T,
  errors: ConfigError[],
): MediaConfig {
  const storage = str(env, 'MEDIA_STORAGE') ?? 'disk';
  if (storage !== 'disk' && storage !== 's3') {
    errors.push(new ConfigError('MEDIA_STORAGE', `must be disk or s3 (got "${storage}")`));
  }
  let s3: S3Config | null = null;
  if (storage === 's3') {
    const need = (name: string): string => {
      const value = str(env, name);
      if (value === undefined) errors.push(new ConfigError(name, 'is required when MEDIA_STORAGE=s3'));
      return value ?? '';
    };
    s3 = {
      endpoint:
        check(() => url(env, 'S3_ENDPOINT', ['http:', 'https:']), undefined)?.replace(/\/+$/, '') ?? null,
      region: str(env, 'S3_REGION') ?? 'us-east-1',
      bucket: need('S3_BUCKET'),
      accessKeyId: need('S3_ACCESS_KEY_ID'),
      secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: check(() => bool(env, 'S3_FORCE_PATH_STYLE', false), false),
    };
  }
  const mediaPublicUrl =
    check(() => url(env, 'MEDIA_PUBLIC_URL', ['http:', 'https:']), undefined) ?? `${publicUrl}/media`;
  return {
    storage: storage === 's3' ? 's3' : 'disk',
    publicUrl: mediaPublicUrl.replace(/\/+$/, ''),
    maxBytes: check(() => int(env, 'MEDIA_MAX_BYTES', 20_971_520, 1, 5_368_709_120), 20_971_520),
    maxPixels: check(() => int(env, 'MEDIA_MAX_PIXELS', 25_000_000, 1, 1_000_000_000), 25_000_000),
    directory: join(dataDir, 'media'),
    s3,
  };
}

/** TRUST_PROXY: unset → false; a whole number → hop count; else comma-separated IPs or CIDRs. */
function trustProxy(env: Env, name: string): false | number | string[] {
  const raw = str(env, name);
  if (raw === undefined) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 32)
      throw new ConfigError(name, `hop count must be between 1 and 32 (got ${hops})`);
    return hops;
  }
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [address, prefix, extra] = entry.split('/');
      const family = isIP(address);
      const maxPrefix = family === 4 ? 32 : 128;
      const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
      if (!family || !prefixOk || extra !== undefined) {
        throw new ConfigError(
          name,
          `must be a hop count or comma-separated IP addresses/CIDRs (bad entry "${entry}")`,
        );
      }
      return entry;
    });
}

function secret(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (Buffer.byteLength(raw, 'utf8') < 32) throw new ConfigError(name, 'must be at least 32 bytes long');
  return raw;
}

/**
 * Development secrets are generated once and kept in DATA_DIR so that tokens and hashes survive a
 * restart. Production never uses them (checked by the caller).
 */
function generatedSecrets(dataDir: string): { jwtSecret: string; otpPepper: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: string; otpPepper?: string };
    if (parsed.jwtSecret && parsed.otpPepper)
      return { jwtSecret: parsed.jwtSecret, otpPepper: parsed.otpPepper };
  }
  mkdirSync(dataDir, { recursive: true });
  const fresh = {
    jwtSecret: randomBytes(48).toString('base64url'),
    otpPepper: randomBytes(48).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return fresh;
}

/**
 * A social provider is on when its client id and secret are set; one without the other is a mistake,
 * reported by naming the missing half. Its endpoint URLs are only validated when it is on.
 */
function clientCredentials(env: Env, prefix: string): { clientId: string; clientSecret: string } | null {
  const clientId = str(env, `${prefix}_CLIENT_ID`);
  const clientSecret = str(env, `${prefix}_CLIENT_SECRET`);
  if (!clientId && !clientSecret) return null;
  if (!clientId)
    throw new ConfigError(`${prefix}_CLIENT_ID`, `is required when ${prefix}_CLIENT_SECRET is set`);
  if (!clientSecret)
    throw new ConfigError(`${prefix}_CLIENT_SECRET`, `is required when ${prefix}_CLIENT_ID is set`);
  return { clientId, clientSecret };
}

/**
 * A provider that is on: its credentials and its endpoints, each `<PREFIX>_<NAME>_URL` (http or https)
 * or the provider's own address.
 */
function providerConfig<E extends string>(
  env: Env,
  prefix: string,
  endpoints: Record<E, [name: string, fallback: string]>,
): ({ clientId: string; clientSecret: string } & Record<E, string>) | null {
  const credentials = clientCredentials(env, prefix);
  if (!credentials) return null;
  const urls = Object.entries<[string, string]>(endpoints).map(([key, [name, fallback]]) => [
    key,
    url(env, `${prefix}_${name}_URL`, ['http:', 'https:']) ?? fallback,
  ]);
  return { ...credentials, ...(Object.fromEntries(urls) as Record<E, string>) };
}

function googleConfig(env: Env): GoogleConfig | null {
  return providerConfig(env, 'GOOGLE', {
    authorizationUrl: ['AUTHORIZATION', 'https://accounts.google.com/o/oauth2/v2/auth'],
    tokenUrl: ['TOKEN', 'https://oauth2.googleapis.com/token'],
    userinfoUrl: ['USERINFO', 'https://openidconnect.googleapis.com/v1/userinfo'],
  });
}

function githubConfig(env: Env): GithubConfig | null {
  const github = providerConfig(env, 'GITHUB', {
    authorizationUrl: ['AUTHORIZATION', 'https://github.com/login/oauth/authorize'],
    tokenUrl: ['TOKEN', 'https://github.com/login/oauth/access_token'],
    apiUrl: ['API', 'https://api.github.com'],
  });
  return github && { ...github, apiUrl: github.apiUrl.replace(/\/+$/, '') };
}

/** A comma-separated list of whole numbers of seconds, each within 1…max. */
function secondsList(env: Env, name: string, def: number[], max: number): number[] {
  const raw = str(env, name);
  if (raw === undefined) return def;
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.length > 50 || parts.some((part) => !/^\d+$/.test(part)))
    throw new ConfigError(name, `must be comma-separated whole numbers of seconds (got "${raw}")`);
  const values = parts.map(Number);
  if (values.some((value) => value < 1 || value > max))
    throw new ConfigError(name, `entries must be between 1 and ${max} (got "${raw}")`);
  return values;
}

/** WEBHOOK_DNS_SERVERS: comma-separated `ip`, `ip:port` or `[ipv6]:port`; unset → null. */
function dnsServers(env: Env, name: string): string[] | null {
  const raw = str(env, name);
  if (raw === undefined) return null;
  return raw.split(',').map((entry) => {
    const server = entry.trim();
    const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(server) ?? /^([^:]+)(?::(\d+))?$/.exec(server);
    const address = match?.[1] ?? server;
    const port = match?.[2] === undefined ? 53 : Number(match[2]);
    if (!isIP(address) || port < 1 || port > 65535)
      throw new ConfigError(
        name,
        `must be comma-separated IP addresses, each with an optional :port (bad entry "${server}")`,
      );
    return server;
  });
}

/**
 * Reads and validates the environment. Every variable is checked before anything is decided: a bad one
 * is recorded and the next is checked (with a stand-in value, so the checks that depend on it can
 * run), and then one ConfigError names them all, one line each — a newcomer fixes the configuration in
 * one go, not one start per mistake. Nothing is written (the development secrets) unless all is well.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const errors: ConfigError[] = [];
  /** The value, or `fallback` after recording the variable's error. */
  const check = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(error);
      return fallback;
    }
  };
  const nodeEnv = str(env, 'NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  const port = check(() => int(env, 'PORT', 3000, 0, 65535), 3000);
  const host = str(env, 'HOST') ?? '0.0.0.0';
  const publicUrl = (
    check(() => url(env, 'PUBLIC_URL', ['http:', 'https:']), undefined) ?? `http://localhost:${port}`
  ).replace(/\/+$/, '');
  const databaseUrl = check(() => url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']), undefined) ?? null;
  const rawDataDir = str(env, 'DATA_DIR') ?? './data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(process.cwd(), rawDataDir);

  let jwtSecret = check(() => secret(env, 'JWT_SECRET'), undefined);
  let otpPepper = check(() => secret(env, 'OTP_PEPPER'), undefined);
  const required = (variable: string, value: unknown, present: boolean) => {
    // A value that is set but bad was reported above; only an absent one is "required".
    if (production && !value && !present)
      errors.push(new ConfigError(variable, 'is required when NODE_ENV=production'));
  };
  required('JWT_SECRET', jwtSecret, env.JWT_SECRET !== undefined && env.JWT_SECRET !== '');
  required('OTP_PEPPER', otpPepper, env.OTP_PEPPER !== undefined && env.OTP_PEPPER !== '');

  const smtpUrl = check(() => url(env, 'SMTP_URL', ['smtp:', 'smtps:']), undefined) ?? null;
  required('SMTP_URL', smtpUrl, str(env, 'SMTP_URL') !== undefined);

  const mailFrom = str(env, 'MAIL_FROM') ?? 'Storefront <no-reply@localhost>';
  const redisUrl = check(() => url(env, 'REDIS_URL', ['redis:', 'rediss:']), undefined) ?? null;
  const webhookDelivery = check(() => bool(env, 'WEBHOOK_DELIVERY', true), true);
  if (!webhookDelivery && !databaseUrl && str(env, 'DATABASE_URL') === undefined) {
    // The embedded database belongs to this one process: no other instance could make the attempts.
    errors.push(
      new ConfigError('WEBHOOK_DELIVERY', 'can be false only with DATABASE_URL (another instance delivers)'),
    );
  }
  const logLevel = str(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'warn' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    errors.push(
      new ConfigError('LOG_LEVEL', 'must be one of fatal, error, warn, info, debug, trace, silent'),
    );
  }

  const config: Omit<AppConfig, 'jwtSecret' | 'otpPepper'> = {
    nodeEnv,
    production,
    port,
    host,
    publicUrl,
    databaseUrl,
    dataDir,
    migrationsRun: check(() => bool(env, 'MIGRATIONS_RUN', true), true),
    smtpUrl,
    mailFrom,
    accessTokenTtl: check(() => int(env, 'ACCESS_TOKEN_TTL', 900, 1, 86_400), 900),
    refreshTokenTtl: check(() => int(env, 'REFRESH_TOKEN_TTL', 2_592_000, 60, 31_536_000), 2_592_000),
    appTokenTtl: check(() => int(env, 'APP_TOKEN_TTL', 3600, 1, 86_400), 3600),
    otpTtl: check(() => int(env, 'OTP_TTL', 300, 1, 86_400), 300),
    otpMaxAttempts: check(() => int(env, 'OTP_MAX_ATTEMPTS', 5, 1, 100), 5),
    otpResendAfter: check(() => int(env, 'OTP_RESEND_AFTER', 60, 0, 86_400), 60),
    // The console is served by this process at PUBLIC_URL, so its own origin is always allowed.
    authRedirectOrigins: [
      ...new Set([new URL(publicUrl).origin, ...check(() => origins(env, 'AUTH_REDIRECT_ORIGINS'), [])]),
    ],
    authRateLimit: check(() => int(env, 'AUTH_RATE_LIMIT', 60, 1, 1_000_000), 60),
    redisUrl,
    corsOrigins: check(() => origins(env, 'CORS_ORIGINS'), []),
    trustProxy: check(() => trustProxy(env, 'TRUST_PROXY'), false),
    otpMaxFailures: check(() => int(env, 'OTP_MAX_FAILURES', 20, 1, 1_000_000), 20),
    sessionMaxAge: check(() => int(env, 'SESSION_MAX_AGE', 7_776_000, 1, 315_360_000), 7_776_000),
    refreshReuseInterval: check(() => int(env, 'REFRESH_REUSE_INTERVAL', 10, 0, 3600), 10),
    logLevel,
    google: check(() => googleConfig(env), null),
    github: check(() => githubConfig(env), null),
    databasePreparedStatements: check(() => bool(env, 'DATABASE_PREPARED_STATEMENTS', true), true),
    databaseStatementTimeout: check(() => int(env, 'DATABASE_STATEMENT_TIMEOUT', 15, 1, 86_400), 15),
    shutdownDelay: check(() => int(env, 'SHUTDOWN_DELAY', 5, 0, 3600), 5),
    shutdownTimeout: check(() => int(env, 'SHUTDOWN_TIMEOUT', 30, 0, 3600), 30),
    metricsPort: check(
      () => (str(env, 'METRICS_PORT') === undefined ? null : int(env, 'METRICS_PORT', 0, 1, 65535)),
      null,
    ),
    // The metrics endpoint is for a scraper beside the process, not for the API's clients: loopback
    // unless the operator opens it (a scraper on another host: the instance's private address).
    metricsHost: str(env, 'METRICS_HOST') ?? '127.0.0.1',
    webhookRetrySchedule: check(
      () =>
        secondsList(
          env,
          'WEBHOOK_RETRY_SCHEDULE',
          [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400],
          604_800,
        ),
      [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400],
    ),
    webhookTimeout: check(() => int(env, 'WEBHOOK_TIMEOUT', 15, 1, 300), 15),
    webhookDisableAfter: check(() => int(env, 'WEBHOOK_DISABLE_AFTER', 10, 1, 1_000_000), 10),
    webhookAllowLocal: check(() => bool(env, 'WEBHOOK_ALLOW_LOCAL', false), false),
    webhookDelivery,
    webhookDnsServers: check(() => dnsServers(env, 'WEBHOOK_DNS_SERVERS'), null),
    eventRetentionDays: check(() => int(env, 'EVENT_RETENTION_DAYS', 30, 1, 3650), 30),
    invitationTtl: check(() => int(env, 'INVITATION_TTL', 259_200, 1, 31_536_000), 259_200),
    storefrontCacheSeconds: check(() => int(env, 'STOREFRONT_CACHE_SECONDS', 0, 0, 31_536_000), 0),
    cartTtl: check(() => int(env, 'CART_TTL', 864_000, 1, 31_536_000), 864_000),
    orderHoldTtl: check(() => int(env, 'ORDER_HOLD_TTL', 1800, 1, 31_536_000), 1800),
    storefrontWriteRateLimit: check(() => int(env, 'STOREFRONT_WRITE_RATE_LIMIT', 60, 1, 1_000_000), 60),
    maxStoresPerAccount: check(() => int(env, 'MAX_STORES_PER_ACCOUNT', 100, 1, 1_000_000), 100),
    media: mediaConfig(env, publicUrl, dataDir, check, errors),
  };
  // Read by the tracing set-up (started before this, apps/api/src/tracing.ts), checked here with the rest.
  for (const { variable, problem } of otlpProtocolProblems(env))
    errors.push(new ConfigError(variable, problem));
  if (errors.length > 0) throw ConfigError.all(errors);

  if (!jwtSecret || !otpPepper) {
    const generated = generatedSecrets(dataDir);
    jwtSecret ??= generated.jwtSecret;
    otpPepper ??= generated.otpPepper;
  }
  return { ...config, jwtSecret, otpPepper };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
