'use strict';
// Shared parts of the webhook scenarios: a receiver in this process (answers 204 at once and records, per
// delivery, when its first attempt arrived and how long after the change's commit), and an instance of
// the service on its OWN database with WEBHOOK_ALLOW_LOCAL=true (the receiver is on loopback; on the main
// database the main instance, which refuses local addresses, would take some of the jobs and fail them as
// blocked_address), with an account signed in.
const { Buffer } = require('node:buffer');
const { createServer } = require('node:http');
const { randomBytes } = require('node:crypto');
const { setTimeout: sleep } = require('node:timers/promises');
const { URL } = require('node:url');
const { otpFrom } = require('../../lib/mail');
const { instance, stopInstance } = require('./instance');

function quantile(sorted, q) {
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]) : 0;
}

/** A webhook receiver: `arrivals` holds one entry per request received ({ id, latency, at }). */
function startReceiver() {
  const arrivals = [];
  // While held, answers wait (the instance's attempts stay in flight and the rest of its work queues up).
  let held = null;
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', async () => {
        if (held) await held.promise;
        const at = Date.now();
        res.writeHead(204).end();
        try {
          const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          arrivals.push({ id: `${event.id}${req.url}`, latency: at - Date.parse(event.createdAt), at });
        } catch {
          // counted as missing by the scenario
        }
      });
    });
    server.keepAliveTimeout = 5000;
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        arrivals,
        url: (path = '/hook') => `http://127.0.0.1:${server.address().port}${path}`,
        hold() {
          let release;
          const promise = new Promise((r) => (release = r));
          held = { promise, release };
        },
        release() {
          held?.release();
          held = null;
        },
        /** Waits (up to `ms`) until `count` distinct deliveries have arrived; answers how many did. */
        async waitFor(count, ms = 60_000) {
          const deadline = Date.now() + ms;
          while (new Set(arrivals.map((a) => a.id)).size < count && Date.now() < deadline) await sleep(50);
          return new Set(arrivals.map((a) => a.id)).size;
        },
        /** The first attempt of each delivery: its commit → arrival latencies, sorted, and its arrival times. */
        firsts() {
          const first = new Map();
          for (const a of arrivals) if (!first.has(a.id)) first.set(a.id, a);
          const latencies = [...first.values()].map((a) => a.latency).sort((x, y) => x - y);
          return {
            count: first.size,
            duplicates: arrivals.length - first.size,
            latency: {
              p50: quantile(latencies, 0.5),
              p95: quantile(latencies, 0.95),
              p99: quantile(latencies, 0.99),
              max: latencies.at(-1) ?? 0,
            },
            times: [...first.values()].map((a) => a.at).sort((x, y) => x - y),
          };
        },
      }),
    );
  });
}

/** An instance on a fresh database of its own, WEBHOOK_ALLOW_LOCAL=true, and an account signed in on it. */
async function ownInstance(ctx, name, email, env = {}) {
  const database = `sf_bench_${name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await ctx.query(`CREATE DATABASE "${database}"`);
  const url = new URL(ctx.databaseUrl);
  url.pathname = `/${database}`;
  const { server } = await instance(ctx, name, {
    DATABASE_URL: url.toString(),
    WEBHOOK_ALLOW_LOCAL: 'true',
    ...env,
  });
  const call = async (method, path, body, token) => {
    const res = await globalThis.fetch(server.baseUrl + path, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  await call('POST', '/v1/auth/login', { email });
  const otp = otpFrom(await ctx.mail.next(email));
  const token = (await call('POST', '/v1/auth/login/verify', { email, otp })).body.access_token;
  return {
    server,
    database,
    call,
    token,
    async createStore(label) {
      const store = await call(
        'POST',
        '/v1/user/stores/onboarding/stage1',
        { name: label, description: 'x' },
        token,
      );
      if (store.status !== 201) throw new Error(`${name}: store creation answered ${store.status}`);
      return store.body.id;
    },
    /** PUT /v1/user/stores/:id with a new description: one store.updated event. Answers the status. */
    async change(storeId) {
      const res = await globalThis.fetch(`${server.baseUrl}/v1/user/stores/${storeId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"description":"Edited by the webhook benchmark."}',
      });
      await res.arrayBuffer();
      return res.status;
    },
    async subscribe(storeId, hookUrl, events) {
      const hook = await call('POST', `/v1/user/stores/${storeId}/webhooks`, { url: hookUrl, events }, token);
      if (hook.status !== 201) throw new Error(`${name}: endpoint creation answered ${hook.status}`);
      return hook.body.id;
    },
    async stop() {
      await stopInstance(name);
      await ctx.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    },
  };
}

module.exports = { ownInstance, startReceiver, quantile };
