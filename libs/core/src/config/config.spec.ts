import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sf-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const secret = 'k'.repeat(32);
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });
  const fails = (env: Record<string, string>, variable: string) => {
    let error: unknown;
    try {
      load(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toMatch(new RegExp(`^Configuration error: ${variable} `));
    expect((error as Error).message).not.toContain('\n');
  };

  it('has the contract defaults', () => {
    const c = load({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: 'Storefront <no-reply@localhost>',
      accessTokenTtl: 900,
      refreshTokenTtl: 2_592_000,
      appTokenTtl: 3600,
      otpTtl: 300,
      otpMaxAttempts: 5,
      otpResendAfter: 60,
      authRateLimit: 60,
      cartTtl: 864_000,
      storefrontWriteRateLimit: 60,
      maxStoresPerAccount: 100,
      trustProxy: false,
      otpMaxFailures: 20,
      sessionMaxAge: 7_776_000,
      refreshReuseInterval: 10,
      authRedirectOrigins: ['http://localhost:3000'],
      corsOrigins: [],
      redisUrl: null,
      migrationsRun: true,
    });
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('generates development secrets once, keeps them in DATA_DIR (mode 600) and reuses them', () => {
    const first = load({});
    expect(Buffer.byteLength(first.jwtSecret)).toBeGreaterThanOrEqual(32);
    expect(first.otpPepper).not.toBe(first.jwtSecret);
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
    expect(load({}).jwtSecret).toBe(first.jwtSecret);
  });

  it('uses given secrets', () => {
    const c = load({ JWT_SECRET: secret, OTP_PEPPER: 'p'.repeat(40) });
    expect(c.jwtSecret).toBe(secret);
    expect(c.otpPepper).toBe('p'.repeat(40));
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ OTP_PEPPER: 'short' }, 'OTP_PEPPER'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REDIS_URL: 'http://redis' }, 'REDIS_URL'],
    [{ ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL'],
    [{ OTP_MAX_ATTEMPTS: '-1' }, 'OTP_MAX_ATTEMPTS'],
    [{ AUTH_RATE_LIMIT: '1.5' }, 'AUTH_RATE_LIMIT'],
    [{ CART_TTL: '0' }, 'CART_TTL'],
    [{ CART_TTL: 'ten days' }, 'CART_TTL'],
    [{ STOREFRONT_WRITE_RATE_LIMIT: '-5' }, 'STOREFRONT_WRITE_RATE_LIMIT'],
    [{ CORS_ORIGINS: 'https://ok.example, not-an-origin' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://a.example/path' }, 'CORS_ORIGINS'],
    [{ AUTH_REDIRECT_ORIGINS: 'javascript:alert(1)' }, 'AUTH_REDIRECT_ORIGINS'],
    [{ MIGRATIONS_RUN: 'maybe' }, 'MIGRATIONS_RUN'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %p naming %s', (env, variable) => fails(env as Record<string, string>, variable));

  /** Every variable the error names, in order. */
  const named = (env: Record<string, string>): string[] => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as Error).message.split('\n');
      const variables = (error as ConfigError).errors.map((e) => e.variable);
      // One line per variable, each naming it.
      expect(lines.map((line) => /^Configuration error: (\S+) /.exec(line)?.[1])).toEqual(variables);
      return variables;
    }
    throw new Error('no ConfigError');
  };

  it('reports every bad variable at once, one line each, and writes nothing', () => {
    expect(
      named({
        NODE_ENV: 'production',
        JWT_SECRET: 'too-short',
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'x',
      }),
    ).toEqual(['PORT', 'JWT_SECRET', 'OTP_PEPPER', 'SMTP_URL', 'LOG_LEVEL', 'TRUST_PROXY']);
    expect(named({ ACCESS_TOKEN_TTL: '0', GOOGLE_CLIENT_ID: 'id', CORS_ORIGINS: 'nope' })).toEqual([
      'ACCESS_TOKEN_TTL',
      'CORS_ORIGINS',
      'GOOGLE_CLIENT_SECRET',
    ]);
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow();
  });

  it('refuses an OTLP protocol other than http/protobuf or http/json among the other errors, endpoint or not', () => {
    expect(named({ PORT: 'eighty', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual([
      'PORT',
      'OTEL_EXPORTER_OTLP_PROTOCOL',
    ]);
    expect(
      named({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc',
      }),
    ).toEqual(['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL']);
    expect(() => load({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      'Configuration error: OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (got "grpc")',
    );
    expect(() => load({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).not.toThrow();
  });

  it('in production requires JWT_SECRET, OTP_PEPPER and SMTP_URL and generates nothing', () => {
    expect(named({ NODE_ENV: 'production' })).toEqual(['JWT_SECRET', 'OTP_PEPPER', 'SMTP_URL']);
    expect(named({ NODE_ENV: 'production', JWT_SECRET: secret })).toEqual(['OTP_PEPPER', 'SMTP_URL']);
    fails({ NODE_ENV: 'production', JWT_SECRET: secret, OTP_PEPPER: secret }, 'SMTP_URL');
    const c = load({
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      OTP_PEPPER: secret,
      SMTP_URL: 'smtp://mail:25',
    });
    expect(c.production).toBe(true);
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow();
  });

  it('parses origin lists', () => {
    expect(load({ CORS_ORIGINS: 'https://a.example, http://localhost:5173/' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses/CIDRs, and refuses anything else', () => {
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      '2001:db8::/32',
    ]);
    fails({ TRUST_PROXY: '0' }, 'TRUST_PROXY');
    fails({ TRUST_PROXY: 'true' }, 'TRUST_PROXY');
    fails({ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY');
    fails({ TRUST_PROXY: '10.0.0.1/8/1' }, 'TRUST_PROXY');
    fails({ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY');
  });

  it("always allows PUBLIC_URL's origin (the console) as a sign-in redirect, besides AUTH_REDIRECT_ORIGINS", () => {
    expect(
      load({ PUBLIC_URL: 'https://api.example.com/base', AUTH_REDIRECT_ORIGINS: 'https://shop.example.com' })
        .authRedirectOrigins,
    ).toEqual(['https://api.example.com', 'https://shop.example.com']);
    expect(
      load({ PUBLIC_URL: 'https://api.example.com', AUTH_REDIRECT_ORIGINS: 'https://api.example.com' })
        .authRedirectOrigins,
    ).toEqual(['https://api.example.com']);
  });

  it('WEBHOOK_DELIVERY: on by default; false only with DATABASE_URL (the embedded database has no other instance)', () => {
    expect(load({}).webhookDelivery).toBe(true);
    const db = { DATABASE_URL: 'postgres://localhost/x' };
    expect(load({ ...db, WEBHOOK_DELIVERY: 'false' }).webhookDelivery).toBe(false);
    expect(load({ ...db, WEBHOOK_DELIVERY: 'true' }).webhookDelivery).toBe(true);
    fails({ WEBHOOK_DELIVERY: 'false' }, 'WEBHOOK_DELIVERY');
    fails({ ...db, WEBHOOK_DELIVERY: 'maybe' }, 'WEBHOOK_DELIVERY');
  });

  it('WEBHOOK_DNS_SERVERS: unset → the system resolver; IP addresses with an optional port', () => {
    expect(load({}).webhookDnsServers).toBeNull();
    expect(
      load({ WEBHOOK_DNS_SERVERS: '127.0.0.53, 10.0.0.2:5353,[::1]:53,2001:4860:4860::8888' })
        .webhookDnsServers,
    ).toEqual(['127.0.0.53', '10.0.0.2:5353', '[::1]:53', '2001:4860:4860::8888']);
    fails({ WEBHOOK_DNS_SERVERS: 'dns.example.com' }, 'WEBHOOK_DNS_SERVERS');
    fails({ WEBHOOK_DNS_SERVERS: '127.0.0.1:0' }, 'WEBHOOK_DNS_SERVERS');
    fails({ WEBHOOK_DNS_SERVERS: '127.0.0.1,' }, 'WEBHOOK_DNS_SERVERS');
  });

  it('validates the session and OTP-budget numbers', () => {
    expect(load({ OTP_MAX_FAILURES: '3', SESSION_MAX_AGE: '5', REFRESH_REUSE_INTERVAL: '0' })).toMatchObject({
      otpMaxFailures: 3,
      sessionMaxAge: 5,
      refreshReuseInterval: 0,
    });
    fails({ OTP_MAX_FAILURES: '0' }, 'OTP_MAX_FAILURES');
    fails({ SESSION_MAX_AGE: '-1' }, 'SESSION_MAX_AGE');
    fails({ REFRESH_REUSE_INTERVAL: 'ten' }, 'REFRESH_REUSE_INTERVAL');
  });

  it('STOREFRONT_CACHE_SECONDS: 0 by default, whole seconds, never negative', () => {
    expect(load({}).storefrontCacheSeconds).toBe(0);
    expect(load({ STOREFRONT_CACHE_SECONDS: '60' }).storefrontCacheSeconds).toBe(60);
    fails({ STOREFRONT_CACHE_SECONDS: '-1' }, 'STOREFRONT_CACHE_SECONDS');
    fails({ STOREFRONT_CACHE_SECONDS: '1.5' }, 'STOREFRONT_CACHE_SECONDS');
    fails({ STOREFRONT_CACHE_SECONDS: 'soon' }, 'STOREFRONT_CACHE_SECONDS');
  });

  it('(v1.4) media: the disk under DATA_DIR/media by default; MEDIA_STORAGE=s3 needs a bucket and credentials, each reported', () => {
    const disk = load({}).media;
    expect(disk).toMatchObject({
      storage: 'disk',
      publicUrl: 'http://localhost:3000/media',
      maxBytes: 20_971_520,
      maxPixels: 25_000_000,
      directory: join(dir, 'media'),
      s3: null,
    });
    expect(named({ MEDIA_STORAGE: 's3', PORT: 'x' })).toEqual([
      'PORT',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(named({ MEDIA_STORAGE: 'ftp' })).toEqual(['MEDIA_STORAGE']);
    const s3 = load({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com/',
      MEDIA_PUBLIC_URL: 'https://cdn.example.com/m/',
    }).media;
    expect(s3).toMatchObject({
      storage: 's3',
      publicUrl: 'https://cdn.example.com/m',
      s3: {
        endpoint: 'https://acc.r2.cloudflarestorage.com',
        region: 'us-east-1',
        bucket: 'b',
        forcePathStyle: false,
      },
    });
    fails({ MEDIA_MAX_BYTES: '0' }, 'MEDIA_MAX_BYTES');
    fails({ MEDIA_PUBLIC_URL: 'cdn' }, 'MEDIA_PUBLIC_URL');
  });
});
