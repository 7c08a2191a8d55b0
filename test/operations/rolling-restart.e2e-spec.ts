import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, createLogger, loadConfig } from '@app/core';
import {
  createTestDatabase,
  freePort,
  MailCatcher,
  otpFrom,
  requireServer,
  TestDatabase,
} from '@app/testing';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, gracefulShutdown } from '@app/api';

/**
 * Rolling restarts behind nginx: two instances on one database, and in front of them either
 *
 * - **a plain nginx** — upstream `keepalive 32` and nothing else: nginx's default `proxy_next_upstream`
 *   (`error timeout`: no retry of a 503), default `max_fails=1 fail_timeout=10s`, no TLS — the most
 *   common configuration, and what a proxy without retries does; or
 * - **deploy/nginx.conf** itself (its placeholders filled in), TLS terminated by nginx.
 *
 * Nine clients, each on its own keep-alive connection to nginx, loop over `GET /v1/auth/me`, a GraphQL
 * read and a stage-1 POST (which no proxy may send twice). Instance 1 is stopped as SIGTERM stops it
 * (gracefulShutdown) and started again on the same port; once nginx sends it requests again, the same
 * for instance 2. Not one request may fail: no 502 from a connection the instance closed or reset, no
 * 503, no error.
 */
const NGINX = '/usr/sbin/nginx';
const root = join(__dirname, '..', '..');
// Two instances on one database need a server, and nginx.
const hasNginx = existsSync(NGINX);
if (!hasNginx)
  console.warn(
    `skipped: test/operations/rolling-restart.e2e-spec.ts needs nginx at ${NGINX} (apt-get install nginx)`,
  );
const server = hasNginx ? requireServer('test/operations/rolling-restart.e2e-spec.ts') : null;
const describeIf = server ? describe : describe.skip;

const SHUTDOWN_DELAY = 2;
const CLIENTS = 9;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Instance {
  app: NestFastifyApplication;
  config: AppConfig;
  port: number;
  served: number;
  requests: { reqId: string; ip: string; status: number }[];
}

type Answer = { status: number; body: string; headers: Record<string, unknown> };

interface Front {
  /** Writes the site file (an http-level nginx file) for these instance addresses. */
  site(dir: string, instances: [string, string]): string;
  /** The client's request function towards nginx. */
  tls: boolean;
}

const plainNginx: Front = {
  tls: false,
  site: (_dir, [one, two]) =>
    [
      'upstream storefront {',
      `    server ${one};`,
      `    server ${two};`,
      '    keepalive 32;',
      '}',
      'server {',
      '    listen ${FRONT_PORT};',
      '    location / {',
      '        proxy_pass http://storefront;',
      '        proxy_http_version 1.1;',
      '        proxy_set_header Connection "";',
      '        proxy_set_header Host $host;',
      '        proxy_set_header X-Forwarded-For $remote_addr;',
      '    }',
      '}',
    ].join('\n'),
};

const deployNginx: Front = {
  tls: true,
  site: (dir, [one, two]) => {
    // deploy/nginx.conf as committed, its placeholders filled in (as envsubst would).
    const values: Record<string, string> = {
      SERVER_NAME: '127.0.0.1',
      HTTPS_PORT: '${FRONT_PORT}',
      HTTP_PORT: '${REDIRECT_PORT}',
      TLS_CERTIFICATE: join(dir, 'tls.crt'),
      TLS_CERTIFICATE_KEY: join(dir, 'tls.key'),
      INSTANCE_1: one,
      INSTANCE_2: two,
    };
    return readFileSync(join(root, 'deploy/nginx.conf'), 'utf8').replace(
      /\$\{([A-Z_0-9]+)\}/g,
      (_, name: string) => {
        if (!(name in values)) throw new Error(`deploy/nginx.conf has an unknown placeholder \${${name}}`);
        return values[name];
      },
    );
  },
};

function rollingRestartSuite(title: string, front: Front): void {
  describeIf(title, () => {
    let db: TestDatabase;
    let mail: MailCatcher;
    let dir: string;
    let nginx: ChildProcess;
    let nginxLog = '';
    let frontPort: number;
    let redirectPort: number;
    let ca = '';
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
        PUBLIC_URL: `${front.tls ? 'https' : 'http'}://127.0.0.1:${frontPort}`,
        TRUST_PROXY: '127.0.0.1/32',
        DATABASE_URL: db.url,
        SMTP_URL: mail.url,
        AUTH_RATE_LIMIT: '100000',
        // One account creates a store with every stage-1 POST of the traffic (hundreds of them).
        MAX_STORES_PER_ACCOUNT: '1000000',
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

    const agent = () =>
      front.tls
        ? new HttpsAgent({ keepAlive: true, ca, maxSockets: 1 })
        : new HttpAgent({ keepAlive: true, maxSockets: 1 });

    function call(
      a: HttpAgent,
      method: string,
      path: string,
      token?: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const send = front.tls ? httpsRequest : httpRequest;
        const req = send(
          {
            host: '127.0.0.1',
            port: frontPort,
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
      frontPort = await freePort();
      redirectPort = await freePort();
      if (front.tls) {
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
      }

      for (const port of [await freePort(), await freePort()]) instances.push(await startInstance(port));

      const site = front
        .site(dir, [`127.0.0.1:${instances[0].port}`, `127.0.0.1:${instances[1].port}`])
        .replaceAll('${FRONT_PORT}', String(frontPort))
        .replaceAll('${REDIRECT_PORT}', String(redirectPort));
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
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      for (const instance of instances) await instance.app.close().catch(() => undefined);
      await mail?.stop();
      await db?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    if (front.tls) {
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
          const req = httpRequest({ host: '127.0.0.1', port: redirectPort, path: '/v1/auth/me' }, (res) => {
            res.resume();
            resolve({ status: res.statusCode!, location: res.headers.location });
          });
          req.on('error', reject);
          req.end();
        });
        // To the HTTPS port nginx listens on (not 443 here): the redirect keeps it.
        expect(redirect).toEqual({ status: 301, location: `https://127.0.0.1:${frontPort}/v1/auth/me` });
        a.destroy();
      });
    }

    it(`restarts both instances one after the other under ${CLIENTS} clients (GET, GraphQL, POST) without a failed request`, async () => {
      // One signed-in account (the OTP from the real mail) with a store and a public token for the reads.
      const a = agent();
      const email = 'rolling@example.com';
      expect((await call(a, 'POST', '/v1/auth/login', undefined, { email })).status).toBe(202);
      const otp = otpFrom(await mail.waitFor(email));
      const verified = await call(a, 'POST', '/v1/auth/login/verify', undefined, { email, otp });
      expect(verified.status).toBe(200);
      const token = JSON.parse(verified.body).access_token as string;
      const store = await call(a, 'POST', '/v1/user/stores/onboarding/stage1', token, {
        name: 'Rolling',
        description: 'restarted under load',
      });
      expect(store.status).toBe(201);
      const storeId = JSON.parse(store.body).id as string;
      const pub = await call(a, 'POST', `/v1/user/stores/${storeId}/public-tokens`, token, { name: 'web' });
      expect(pub.status).toBe(201);
      const publicToken = JSON.parse(pub.body).token as string;

      // The load: each client on its own keep-alive connection to nginx, in turn a GET, a GraphQL read
      // (a POST to nginx: never retried either) and a stage-1 POST.
      const outcomes = new Map<string, number>();
      const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      let stop = false;
      let sent = 0;
      const kinds: [string, number, (own: HttpAgent, n: number, i: number) => Promise<Answer>][] = [
        ['GET /v1/auth/me', 200, (own) => call(own, 'GET', '/v1/auth/me', token)],
        [
          'POST /v1/storefront/graphql',
          200,
          (own) =>
            call(own, 'POST', '/v1/storefront/graphql', publicToken, { query: '{ store { id name } }' }),
        ],
        [
          'POST /v1/user/stores/onboarding/stage1',
          201,
          (own, n, i) =>
            call(own, 'POST', '/v1/user/stores/onboarding/stage1', token, {
              name: `Store ${n}-${i}`,
              description: 'rolling restart',
            }),
        ],
      ];
      const worker = async (n: number) => {
        const own = agent();
        for (let i = 0; !stop; i++) {
          sent++;
          const [label, expected, send] = kinds[(n + i) % kinds.length];
          try {
            const res = await send(own, n, i);
            const graphqlErrors = label.includes('graphql') && JSON.parse(res.body).errors;
            count(
              res.status === expected && !graphqlErrors
                ? 'ok'
                : `${label} ${res.status} ${res.body.slice(0, 120)}`,
            );
          } catch (error) {
            count(`${label} error ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
          }
        }
        own.destroy();
      };
      const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => worker(n)));

      await sleep(500);
      const servedBefore = instances.map((i) => i.served);
      for (const index of [0, 1]) {
        const old = instances[index];
        const before = old.served;
        await gracefulShutdown(old.app, old.config, createLogger('silent'));
        // The draining instance kept serving during SHUTDOWN_DELAY (nginx has no active health check).
        expect(old.served).toBeGreaterThan(before + 10);
        const fresh = await startInstance(old.port);
        instances[index] = fresh;
        // nginx takes the restarted instance back once its failure mark expires (fail_timeout: 10 s by
        // default, 1 s in deploy/nginx.conf). Stopping the other one before that would leave nginx with
        // no instance it believes is up ("no live upstreams", 502), whatever the instances do.
        for (let waited = 0; fresh.served < 20; waited += 100) {
          if (waited > 15_000) throw new Error('nginx never sent requests to the restarted instance');
          await sleep(100);
        }
      }
      await sleep(300);
      stop = true;
      await load;

      const failures = [...outcomes].filter(([key]) => key !== 'ok');
      expect(failures).toEqual([]);
      expect(outcomes.get('ok')).toBe(sent);
      // Enough traffic to mean something (how much depends on how busy the machine is: a loaded 2-core CI
      // run sent 400; each draining instance serving through its SHUTDOWN_DELAY is checked above), and
      // every instance took its share.
      expect(sent).toBeGreaterThan(150);
      expect(servedBefore.every((n) => n > 0)).toBe(true);
      // nginx noticed each stopping instance by a refused connection (which it retried elsewhere), never
      // by a request cut off: no reset, no premature close, never a moment with no instance to send to.
      expect(nginxLog).toMatch(/connect\(\) failed \(111: Connection refused\)/);
      expect(nginxLog).not.toMatch(/reset by peer|prematurely closed|no live upstreams|timed out/);
      a.destroy();
    }, 120_000);
  });
}

rollingRestartSuite('a rolling restart behind a plain nginx (keepalive 32, no retry of a 503)', plainNginx);
rollingRestartSuite('a rolling restart behind deploy/nginx.conf (TLS, retries)', deployNginx);
