#!/usr/bin/env node
'use strict';
// `npm run bench:footprint [-- --requests=1000 --no-build --keep]`
// The embedded default's footprint (contract v1.3 §0): the built server as `npm start` runs it, with no
// DATABASE_URL (PGlite in a fresh DATA_DIR), measured step by step:
//   1. first start on an empty DATA_DIR: seconds until /health/ready answers 200, RSS then, peak RSS;
//   2. ordinary use: a thousand mixed requests (sign-in, onboarding, apps, tokens, REST and GraphQL
//      reads and writes, orders, the console page), RSS after them, peak RSS, server CPU per request;
//   3. the embedded database's VACUUM (the maintenance PGlite needs, as autovacuum never runs there);
//   4. second start on the same DATA_DIR: seconds until ready, RSS then.
// Goal: ≤ 300 MB RSS ready and in use, second start ≤ 3 s. Not a test: figures from a busy 2-core
// machine are noisy (start times most of all); the report says how busy the machine was.
const { spawn, spawnSync } = require('node:child_process');
const { closeSync, mkdtempSync, openSync, readFileSync, rmSync } = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const { join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { MailCatcher, otpFrom } = require('./lib/mail');
const { ROOT, ENTRY, build, tail } = require('./lib/server');

const LIMIT_MB = 300;
const SECOND_START_S = 3;

function parseArgs(argv) {
  const options = { requests: 1000, build: true, keep: false, concurrency: 4, nodeArgs: [], entry: ENTRY };
  for (const arg of argv) {
    const [flag, value] = arg.split('=');
    if (flag === '--requests') options.requests = Number(value);
    else if (flag === '--concurrency') options.concurrency = Number(value);
    else if (flag === '--no-build') options.build = false;
    else if (flag === '--keep') options.keep = true;
    else if (flag === '--smaps') options.smaps = true;
    else if (flag === '--server-entry') {
      options.entry = value;
      options.build = false;
    } else if (flag === '--node-args')
      options.nodeArgs = arg
        .slice(arg.indexOf('=') + 1)
        .split(' ')
        .filter(Boolean);
    else
      throw new Error(
        `unknown option ${arg}\nusage: node bench/footprint.js [--requests=N] [--concurrency=N] [--no-build] [--keep] [--smaps] [--server-entry=FILE] [--node-args='--flag …']`,
      );
  }
  return options;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Where the resident memory is (--smaps): the server's mappings by kind, largest first. V8's heap is
 * 256 KiB pages; PGlite's linear memory is one anonymous mapping the size of its initial memory (128 MiB)
 * inside a larger reservation; the node binary's pages are file-backed.
 */
function residentByKind(pid) {
  const kinds = new Map();
  let current = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = parseInt(head[2], 16) - parseInt(head[1], 16);
      const name = head[4] || (size === 256 * 1024 ? 'anonymous, 256 KiB (V8 heap pages)' : `anonymous`);
      current = `${head[3]} ${name}${!head[4] && size >= 64 << 20 ? ` (${size >> 20} MiB mapping)` : ''}`;
    } else if (line.startsWith('Rss:') && current) {
      kinds.set(current, (kinds.get(current) ?? 0) + Number(line.split(/\s+/)[1]) / 1024);
    }
  }
  return [...kinds]
    .filter(([, mb]) => mb >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, mb]) => `     ${Math.round(mb).toString().padStart(4)} MB  ${kind}`)
    .join('\n');
}

const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

/** Busy share of the machine's CPUs over `ms` (other engineers' runs share it). */
async function machineBusy(ms) {
  const read = () => {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  };
  const a = read();
  await sleep(ms);
  const b = read();
  return (b.busy - a.busy) / (b.total - a.total);
}

/**
 * The built server, as `npm start` runs it (scripts/start.js: node --experimental-vm-modules
 * dist/apps/api/src/main.js), with no DATABASE_URL. Resolves with the seconds until /health/ready
 * answered 200 (polled every 20 ms) and the RSS at that moment.
 */
async function start({ dataDir, port, mail, logFile, nodeArgs, entry }) {
  const out = openSync(logFile, 'a');
  const started = process.hrtime.bigint();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SMTP_URL: mail.url,
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const child = spawn(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', ...nodeArgs, entry],
    { cwd: ROOT, env, stdio: ['ignore', out, out] },
  );
  closeSync(out);
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve((exited = { code, signal }))),
  );
  for (;;) {
    if (exited)
      throw new Error(`the server exited during start (${JSON.stringify(exited)}):\n${tail(logFile)}`);
    const ok = await globalThis
      .fetch(`http://127.0.0.1:${port}/health/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Number(process.hrtime.bigint() - started) > 120e9) {
      child.kill('SIGKILL');
      throw new Error(`not ready within 120 s:\n${tail(logFile)}`);
    }
    await sleep(20);
  }
  const readySeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const ready = memory(child.pid);
  return {
    pid: child.pid,
    readySeconds,
    ready,
    async stop() {
      if (exited) return exited;
      child.kill('SIGTERM');
      const done = await Promise.race([exit, sleep(20_000).then(() => null)]);
      if (done) return done;
      child.kill('SIGKILL');
      return exit;
    },
  };
}

/** A thousand ordinary requests: what a shop owner, an app and a storefront do in their first hour. */
async function ordinaryUse(base, mail, total, concurrency) {
  const statuses = new Map();
  const call = async (method, path, { body, token, expect } = {}) => {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await globalThis.fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const key = `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id').split('?')[0]} ${response.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (expect && response.status !== expect)
      throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text.startsWith('<') ? 'null' : text) : null;
  };
  let sent = 0;
  const count = (p) => {
    sent++;
    return p;
  };

  // Setup, counted among the requests: sign-in, a whole onboarding, an app and its token, a public token.
  const email = 'footprint@example.com';
  await count(call('POST', '/v1/auth/login', { body: { email }, expect: 202 }));
  const otp = otpFrom(await mail.next(email));
  const pair = await count(call('POST', '/v1/auth/login/verify', { body: { email, otp }, expect: 200 }));
  const owner = pair.access_token;
  const store = await count(
    call('POST', '/v1/user/stores/onboarding/stage1', {
      token: owner,
      body: { name: 'Footprint Tea', description: 'a shop measured for memory' },
      expect: 201,
    }),
  );
  const id = store.id;
  await count(
    call('POST', `/v1/user/stores/${id}/onboarding/stage2`, {
      token: owner,
      expect: 200,
      body: {
        faviconUrl: 'https://cdn.example.com/favicon.ico',
        logoBlackWhiteUrl: 'https://cdn.example.com/bw.png',
        logoColorUrl: 'https://cdn.example.com/color.png',
      },
    }),
  );
  await count(
    call('POST', `/v1/user/stores/${id}/onboarding/stage3`, {
      token: owner,
      expect: 200,
      body: {
        mobile: '+14155552671',
        supportEmail: 'help@example.com',
        region: 'US',
        address: {
          line1: '1 Market St',
          city: 'San Francisco',
          state: 'CA',
          postalCode: '94105',
          country: 'US',
        },
      },
    }),
  );
  await count(
    call('POST', `/v1/user/stores/${id}/onboarding/stage4`, {
      token: owner,
      body: { socialLinks: [] },
      expect: 200,
    }),
  );
  await count(call('POST', `/v1/user/stores/${id}/onboarding/complete`, { token: owner, expect: 200 }));
  const app = await count(
    call('POST', '/v1/user/stores/oauth/apps', {
      token: owner,
      body: { storeId: id, name: 'Footprint sync' },
      expect: 201,
    }),
  );
  const appToken = (
    await count(
      call('POST', '/v1/auth/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret },
        expect: 200,
      }),
    )
  ).access_token;
  const publicToken = (
    await count(
      call('POST', `/v1/user/stores/${id}/public-tokens`, {
        token: owner,
        body: { name: 'Web' },
        expect: 201,
      }),
    )
  ).token;

  const graphql = (token, query, variables) =>
    call('POST', '/v1/storefront/graphql', { token, body: { query, variables }, expect: 200 });
  const productIds = [];
  let n = 0;
  // One of each, in turn: reads dominate, as in ordinary use; every tenth request writes.
  const kinds = [
    () => call('GET', '/v1/auth/me', { token: owner, expect: 200 }),
    () => call('GET', '/v1/user/stores/@me', { token: owner, expect: 200 }),
    async () => {
      const i = n++;
      const p = await graphql(
        appToken,
        'mutation($input: ProductCreateInput!) { productCreate(input: $input) { id } }',
        {
          input: {
            handle: `tea-${i}`,
            title: `Tea ${i}`,
            description: 'Leaves. '.repeat(20),
            price: '4.50',
            currencyCode: 'USD',
            inventory: 1000,
          },
        },
      );
      productIds.push(p.data.productCreate.id);
    },
    () =>
      graphql(
        publicToken,
        '{ store { name } products(first: 20) { edges { node { id title price { amount } } } } }',
      ),
    () => call('GET', `/v1/user/stores/${id}/products?limit=20`, { token: owner, expect: 200 }),
    () => graphql(appToken, '{ orders(first: 10) { edges { node { id total { amount } } } } }'),
    async () => {
      if (productIds.length === 0) return call('GET', '/health/ready', { expect: 200 });
      return graphql(appToken, 'mutation($input: OrderCreateInput!) { orderCreate(input: $input) { id } }', {
        input: {
          customerEmail: 'buyer@example.com',
          lines: [{ productId: productIds[productIds.length - 1], quantity: 1 }],
        },
      });
    },
    () => call('GET', `/v1/user/stores/${id}/events?limit=20`, { token: owner, expect: 200 }),
    () => call('GET', '/v1/auth/sessions', { token: owner, expect: 200 }),
    () => call('GET', '/console', { expect: 200 }),
    () =>
      call('PUT', `/v1/user/stores/${id}`, {
        token: owner,
        body: { description: `updated ${n}` },
        expect: 200,
      }),
    () => call('GET', `/v1/user/stores/${id}/orders?limit=20`, { token: owner, expect: 200 }),
  ];
  let next = 0;
  const worker = async () => {
    while (sent < total) {
      const kind = kinds[next++ % kinds.length];
      sent++;
      await kind();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent, statuses };
}

const mb = (x) => `${Math.round(x)} MB`;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (process.platform !== 'linux') throw new Error('bench/footprint.js reads /proc: Linux only');
  if (options.build) build();
  const dir = mkdtempSync(join(os.tmpdir(), 'sf-footprint-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const mail = await new MailCatcher().start();
  const port = await freePort();
  const busy = await machineBusy(1000);
  console.log(
    `footprint of the embedded default (node ${process.version}, ${os.cpus().length} CPUs, machine ${Math.round(busy * 100)} % busy before the run)`,
  );
  console.log(`server log: ${logFile}`);
  let failed = false;
  let running = null;
  try {
    const first = (running = await start({
      dataDir,
      port,
      mail,
      logFile,
      nodeArgs: options.nodeArgs,
      entry: options.entry,
    }));
    console.log(
      `1. first start (empty DATA_DIR):  ready in ${first.readySeconds.toFixed(2)} s, RSS ${mb(first.ready.rss)}, peak ${mb(first.ready.peak)}`,
    );

    const cpuBefore = cpuMs(first.pid);
    const began = Date.now();
    const use = await ordinaryUse(`http://127.0.0.1:${port}`, mail, options.requests, options.concurrency);
    const seconds = (Date.now() - began) / 1000;
    const cpuPerRequest = (cpuMs(first.pid) - cpuBefore) / use.sent;
    const inUse = memory(first.pid);
    const unexpected = [...use.statuses].filter(([key]) => !/ (200|201|202)$/.test(key));
    console.log(
      `2. after ${use.sent} mixed requests: RSS ${mb(inUse.rss)}, peak ${mb(inUse.peak)} ` +
        `(${(use.sent / seconds).toFixed(0)} req/s at concurrency ${options.concurrency}, server CPU ${cpuPerRequest.toFixed(2)} ms/request)`,
    );
    if (unexpected.length) console.log(`   unexpected answers: ${JSON.stringify(unexpected)}`);
    await sleep(1000);
    const settled = memory(first.pid);
    console.log(`   a second later: RSS ${mb(settled.rss)}`);
    if (options.smaps) console.log(residentByKind(first.pid));
    await first.stop();

    const second = (running = await start({
      dataDir,
      port,
      mail,
      logFile,
      nodeArgs: options.nodeArgs,
      entry: options.entry,
    }));
    console.log(
      `3. second start (same DATA_DIR): ready in ${second.readySeconds.toFixed(2)} s, RSS ${mb(second.ready.rss)}, peak ${mb(second.ready.peak)}`,
    );
    await second.stop();

    const worst = Math.max(first.ready.peak, inUse.rss, second.ready.peak);
    const verdicts = [
      [`RSS ≤ ${LIMIT_MB} MB ready and in use (worst ${mb(worst)})`, worst <= LIMIT_MB],
      [
        `second start ≤ ${SECOND_START_S} s (${second.readySeconds.toFixed(2)} s)`,
        second.readySeconds <= SECOND_START_S,
      ],
      ['every request answered as expected', unexpected.length === 0],
    ];
    for (const [label, ok] of verdicts) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
    failed = verdicts.some(([, ok]) => !ok);
  } catch (error) {
    failed = true;
    console.error(error.message);
  } finally {
    await running?.stop();
    await mail.stop();
    if (!options.keep && !failed) rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
