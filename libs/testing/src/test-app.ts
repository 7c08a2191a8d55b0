import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, createLogger, loadConfig } from '@app/core';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@app/api';
import { MailCatcher, otpFrom } from './mail-catcher';
import { freePort } from './server-process';
import { createTestDatabase, serverUrl, TestDatabase } from './test-database';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is (no JSON encoding), e.g. malformed JSON or a form body. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Use this database URL as-is (the caller owns it); default: a fresh database or embedded dir. */
  databaseUrl?: string;
  /** Embedded mode: keep the data here (the caller owns the folder), e.g. to restart on the same data. */
  dataDir?: string;
  /** Run against the embedded PGlite even when a server is configured. */
  embedded?: boolean;
  /** Where the app's log lines go (default stdout), e.g. to assert that no secret is ever logged. */
  logDestination?: { write(line: string): void };
}

/**
 * The whole application, built by the same createApp as production, listening on a loopback port,
 * with its own fresh database (a new database on the PostgreSQL server, or a new embedded PGlite
 * directory) and a real SMTP catcher for its mail. Tests talk to it over HTTP only.
 */
export class TestApp {
  private constructor(
    readonly app: NestFastifyApplication,
    readonly config: AppConfig,
    readonly baseUrl: string,
    readonly mail: MailCatcher,
    private readonly cleanups: (() => Promise<void> | void)[],
  ) {}

  static async start(options: TestAppOptions = {}): Promise<TestApp> {
    const cleanups: (() => Promise<void> | void)[] = [];
    const mail = await new MailCatcher().start();
    cleanups.push(() => mail.stop());
    let databaseUrl = options.databaseUrl;
    let dataDir = options.dataDir;
    const server = options.embedded ? null : serverUrl();
    if (!databaseUrl && server) {
      const db: TestDatabase = await createTestDatabase(server);
      cleanups.push(() => db.drop());
      databaseUrl = db.url;
    }
    // A data directory of its own in every case: with a database server it still holds the disk
    // backend's media (DATA_DIR/media), which must never land in the working tree.
    if (!dataDir) {
      const dir = mkdtempSync(join(tmpdir(), 'sf-test-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      dataDir = dir;
    }
    const secrets = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      OTP_PEPPER: randomBytes(32).toString('hex'),
    };
    // The port must be known before the app is built (it is in PUBLIC_URL, the token issuer), so it is
    // picked first and then bound; another process can take it in between, hence the retry.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        ...secrets,
        SMTP_URL: mail.url,
        AUTH_RATE_LIMIT: '100000',
        OTP_RESEND_AFTER: '0',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...(dataDir ? { DATA_DIR: dataDir } : {}),
        ...options.env,
      });
      let app: NestFastifyApplication;
      try {
        app = await createApp(config, createLogger(config.logLevel, options.logDestination));
      } catch (error) {
        // An application that cannot start leaves nothing behind (the mail catcher, the database).
        for (const cleanup of cleanups.reverse()) await cleanup();
        throw error;
      }
      try {
        await app.listen({ port, host: '127.0.0.1' });
      } catch (error) {
        await app.close();
        if ((error as { code?: string }).code === 'EADDRINUSE' && attempt < 5) continue;
        throw error;
      }
      return new TestApp(app, config, `http://127.0.0.1:${port}`, mail, cleanups);
    }
  }

  async request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (/json/.test(response.headers.get('content-type') ?? '') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  /** Requests a code, reads it from the real mail, and verifies it: a signed-in token pair. */
  async signIn(email: string): Promise<SignedIn> {
    const login = await this.post('/v1/auth/login', { email });
    if (login.status !== 202) throw new Error(`login failed: ${login.status} ${login.text}`);
    const otp = otpFrom(await this.mail.waitFor(email));
    const verified = await this.post('/v1/auth/login/verify', { email, otp });
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
    return verified.body as SignedIn;
  }

  async close(): Promise<void> {
    await this.app.close();
    for (const cleanup of this.cleanups.reverse()) await cleanup();
  }
}

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  session_id: string;
}
