import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, createLogger, loadConfig } from '@app/core';
import { createTestDatabase, freePort, MailCatcher, otpFrom, serverUrl, TestDatabase } from '@app/testing';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, gracefulShutdown } from '@app/api';

/**
 * A rolling restart behind nginx, the way docs/deployment.md deploys the service: deploy/nginx.conf
 * itself (its placeholders filled in) in front of two instances on one database, TLS terminated by
 * nginx, upstream keep-alive on. Under a steady mix of GETs and POSTs, instance 1 is stopped as SIGTERM
 * stops it (gracefulShutdown) and started again on the same port, then instance 2: not one request may
 * fail — no 502 from a reused connection the instance closed, no 503, no reset.
 */
const NGINX = '/usr/sbin/nginx';
const root = join(__dirname, '..', '..');
const server = serverUrl();
if (!server)
  throw new Error(
    'test/operations/rolling-restart.e2e-spec.ts needs a PostgreSQL server (TEST_DATABASE_URL)',
  );
if (!existsSync(NGINX))
  throw new Error(
    `test/operations/rolling-restart.e2e-spec.ts needs nginx at ${NGINX} (apt-get install nginx)`,
  );

const SHUTDOWN_DELAY = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Instance {
  app: NestFastifyApplication;
  config: AppConfig;
  port: number;
  served: number;
  requests: { reqId: string; ip: string; status: number }[];
}

describe('a rolling restart behind nginx (deploy/nginx.conf)', () => {
  let db: TestDatabase;
  let mail: MailCatcher;
  let dir: string;
  let nginx: ChildProcess;
  let nginxLog = '';
  let httpsPort: number;
  let httpPort: number;
  let ca: string;
  const instances: Instance[] = [];
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    OTP_PEPPER: randomBytes(32).toString('hex'),
  };

  async function startInstance(port: number): Promise<Instance> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Both instances are one service: one issuer, the address clients use (nginx's).
      PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
      TRUST_PROXY: '127.0.0.1/32',
      DATABASE_URL: db.url,
      SMTP_URL: mail.url,
      AUTH_RATE_LIMIT: '100000',
      OTP_RESEND_AFTER: '0',
      SHUTDOWN_DELAY: String(SHUTDOWN_DELAY),
      SHUTDOWN_TIMEOUT: '10',
      ...secrets,
    });
    const instance = { config, port, served: 0, requests: [] } as unknown as Instance;
    const logger = createLogger(config.logLevel, {
      write: (line: string) => {
        if (!line.includes('"msg":"request"')) return;
        instance.served++;
        if (line.includes('"reqId":"edge-')) instance.requests.push(JSON.parse(line));
      },
    });
    instance.app = await createApp(config, logger);
    // The port was just released by the instance this one replaces: retry briefly if it is not yet free.
    for (let attempt = 1; ; attempt++) {
      try {
        await instance.app.listen({ port, host: '127.0.0.1' });
        return instance;
      } catch (error) {
        if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt > 20) throw error;
        await sleep(100);
      }
    }
  }

  async function ready(port: number): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const status = await new Promise<number>((resolve) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/health/ready' }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', () => resolve(0));
        req.end();
      });
      if (status === 200) return;
      await sleep(100);
    }
    throw new Error(`instance on ${port} never became ready`);
  }

  const agent = () => new Agent({ keepAlive: true, ca, maxSockets: 8 });

  function call(
    a: Agent,
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: httpsPort,
          method,
          path,
          agent: a,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  beforeAll(async () => {
    db = await createTestDatabase(server!);
    mail = await new MailCatcher().start();
    dir = mkdtempSync(join(tmpdir(), 'sf-nginx-'));
    httpsPort = await freePort();
    httpPort = await freePort();
    // A self-signed certificate for 127.0.0.1, which the test's client trusts.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'tls.key'),
        '-out',
        join(dir, 'tls.crt'),
      ],
      { stdio: 'pipe' },
    );
    ca = readFileSync(join(dir, 'tls.crt'), 'utf8');

    for (const port of [await freePort(), await freePort()]) instances.push(await startInstance(port));

    // deploy/nginx.conf as committed, its placeholders filled in (as envsubst would).
    const values: Record<string, string> = {
      SERVER_NAME: '127.0.0.1',
      HTTPS_PORT: String(httpsPort),
      HTTP_PORT: String(httpPort),
      TLS_CERTIFICATE: join(dir, 'tls.crt'),
      TLS_CERTIFICATE_KEY: join(dir, 'tls.key'),
      INSTANCE_1: `127.0.0.1:${instances[0].port}`,
      INSTANCE_2: `127.0.0.1:${instances[1].port}`,
    };
    const site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8').replace(
      /\$\{([A-Z_0-9]+)\}/g,
      (_, name: string) => {
        if (!(name in values)) throw new Error(`deploy/nginx.conf has an unknown placeholder \${${name}}`);
        return values[name];
      },
    );
    writeFileSync(join(dir, 'storefront.conf'), site);
    // The main file a distribution provides (Debian's /etc/nginx/nginx.conf), here with its paths in the
    // temporary directory. As root, workers run as root (they read nothing but this directory).
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        process.getuid?.() === 0 ? 'user root;' : '',
        'worker_processes 1;',
        'daemon off;',
        `pid ${join(dir, 'nginx.pid')};`,
        'error_log stderr warn;',
        'events { worker_connections 1024; }',
        'http {',
        `  access_log off;`,
        ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (sub) => `  ${sub === 'body' ? 'client_body' : sub}_temp_path ${join(dir, sub)};`,
        ),
        `  include ${join(dir, 'storefront.conf')};`,
        '}',
      ].join('\n'),
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout!.on('data', (d) => (nginxLog += d));
    nginx.stderr!.on('data', (d) => (nginxLog += d));
    for (let i = 0; i < 50; i++) {
      const up = await call(agent(), 'GET', '/health/live').then(
        () => true,
        () => false,
      );
      if (up) break;
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxLog}`);
      await sleep(100);
    }
  }, 60_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await new Promise((resolve) => (nginx?.exitCode !== null ? resolve(null) : nginx.once('exit', resolve)));
    for (const instance of instances) await instance.app.close().catch(() => undefined);
    await mail?.stop();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves over TLS, redirects plain HTTP, and passes the client address (not a forged one)', async () => {
    const a = agent();
    const live = await call(a, 'GET', '/health/live', undefined, undefined, {
      'x-forwarded-for': '203.0.113.9',
      'x-request-id': 'edge-1',
    });
    expect(live.status).toBe(200);
    expect(live.headers['x-request-id']).toBe('edge-1');
    // The instance logged the address that connected to nginx (TRUST_PROXY believes nginx's one hop),
    // not the one the client claimed: nginx overwrites X-Forwarded-For instead of appending to it.
    const logged = instances.flatMap((i) => i.requests).find((r) => r.reqId === 'edge-1');
    expect(logged).toMatchObject({ ip: '127.0.0.1', status: 200 });
    const redirect = await new Promise<{ status: number; location: unknown }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: httpPort, path: '/v1/auth/me' }, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, location: res.headers.location });
      });
      req.on('error', reject);
      req.end();
    });
    expect(redirect).toEqual({ status: 301, location: 'https://127.0.0.1/v1/auth/me' });
    a.destroy();
  });

  it('restarts both instances one after the other under GET and POST load without a failed request', async () => {
    // One signed-in account (the OTP from the real mail), used by every request of the load.
    const a = agent();
    const email = 'rolling@example.com';
    expect((await call(a, 'POST', '/v1/auth/login', undefined, { email })).status).toBe(202);
    const otp = otpFrom(await mail.waitFor(email));
    const verified = await call(a, 'POST', '/v1/auth/login/verify', undefined, { email, otp });
    expect(verified.status).toBe(200);
    const token = JSON.parse(verified.body).access_token as string;

    // The load: workers, each on its own keep-alive connection to nginx, alternating a GET and a POST.
    const outcomes = new Map<string, number>();
    const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    let stop = false;
    let sent = 0;
    const worker = async (n: number) => {
      const own = agent();
      for (let i = 0; !stop && i < 5000; i++) {
        sent++;
        const post = i % 2 === 1;
        try {
          const res = post
            ? await call(own, 'POST', '/v1/user/stores/onboarding/stage1', token, {
                name: `Store ${n}-${i}`,
                description: 'rolling restart',
              })
            : await call(own, 'GET', '/v1/auth/me', token);
          const expected = post ? 201 : 200;
          count(
            res.status === expected
              ? 'ok'
              : `${post ? 'POST' : 'GET'} ${res.status} ${res.body.slice(0, 120)}`,
          );
        } catch (error) {
          count(
            `${post ? 'POST' : 'GET'} error ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
          );
        }
      }
      own.destroy();
    };
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(worker));

    await sleep(500);
    const servedBefore = instances.map((i) => i.served);
    for (const index of [0, 1]) {
      const old = instances[index];
      const before = old.served;
      await gracefulShutdown(old.app, old.config, createLogger('silent'));
      // The draining instance kept serving during SHUTDOWN_DELAY (nginx has no active health check).
      expect(old.served).toBeGreaterThan(before);
      instances[index] = await startInstance(old.port);
      await ready(old.port);
      await sleep(300);
    }
    await sleep(500);
    stop = true;
    await load;

    const failures = [...outcomes].filter(([key]) => key !== 'ok');
    expect(failures).toEqual([]);
    expect(outcomes.get('ok')).toBe(sent);
    // Enough traffic to mean something, and the restarted instances took their share again.
    expect(sent).toBeGreaterThan(200);
    expect(instances[0].served).toBeGreaterThan(0);
    expect(instances[1].served).toBeGreaterThan(0);
    expect(servedBefore.every((n) => n > 0)).toBe(true);
    // nginx took each stopping instance out on its 503s (and any refused connection) and sent those
    // requests elsewhere; there was never a moment with no instance to send to.
    expect(nginxLog).toMatch(/upstream server temporarily disabled/);
    expect(nginxLog).not.toMatch(/no live upstreams|timed out/);
    a.destroy();
  }, 90_000);
});
