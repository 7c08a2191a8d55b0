'use strict';
// Issue #21: webhook delivery under load. PUT /v1/user/stores/:id (each store has one endpoint subscribed
// to store.updated, all pointing at a receiver in this process that answers 204 at once), driven by a
// closed loop; the receiver measures, per delivery, the time from the change's commit (the event's
// createdAt: the transaction's now(), a hair before its COMMIT) to the first attempt's arrival, and the
// deliveries per second. Runs on its own instance with WEBHOOK_ALLOW_LOCAL=true (the receiver is on
// loopback) and its OWN database — on the main one, the main instance (local addresses refused) would take
// some of the jobs and fail them as blocked_address.
const { Buffer } = require('node:buffer');
const { createServer } = require('node:http');
const { setTimeout: sleep } = require('node:timers/promises');
const { URL } = require('node:url');
const { randomBytes } = require('node:crypto');
const { closedLoop } = require('../lib/closed-loop');
const { otpFrom } = require('../lib/mail');
const { instance, stopInstance } = require('./support/instance');

const INSTANCE = 'webhooks';
let database = null;
let receiver = null;

function quantile(sorted, q) {
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]) : 0;
}

module.exports = {
  name: 'webhooks',
  title: 'PUT /v1/user/stores/:id, each store with a webhook endpoint: commit → first attempt',
  order: 95,
  async setup(ctx) {
    const arrivals = [];
    receiver = await new Promise((resolve) => {
      const server = createServer((req, res) => {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
          const at = Date.now();
          res.writeHead(204).end();
          try {
            const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            arrivals.push({ id: event.id, latency: at - Date.parse(event.createdAt) });
          } catch {
            // counted as missing below
          }
        });
      });
      server.keepAliveTimeout = 1000;
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    const hookUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

    database = `sf_bench_webhooks_${randomBytes(4).toString('hex')}`;
    await ctx.query(`CREATE DATABASE "${database}"`);
    const url = new URL(ctx.databaseUrl);
    url.pathname = `/${database}`;
    const { server } = await instance(ctx, INSTANCE, {
      DATABASE_URL: url.toString(),
      WEBHOOK_ALLOW_LOCAL: 'true',
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
    const email = 'webhooks@bench.example';
    await call('POST', '/v1/auth/login', { email });
    const otp = otpFrom(await ctx.mail.next(email));
    const token = (await call('POST', '/v1/auth/login/verify', { email, otp })).body.access_token;
    const storeIds = [];
    for (let i = 0; i < ctx.connections; i++) {
      const store = await call(
        'POST',
        '/v1/user/stores/onboarding/stage1',
        { name: `Hooked ${i}`, description: 'x' },
        token,
      );
      const hook = await call(
        'POST',
        `/v1/user/stores/${store.body.id}/webhooks`,
        { url: hookUrl, events: ['store.updated'] },
        token,
      );
      if (hook.status !== 201) throw new Error(`webhooks: endpoint creation answered ${hook.status}`);
      storeIds.push(store.body.id);
    }
    // Stage 1 happened before each endpoint existed: nothing is due yet. Probe one delivery end to end.
    const probe = await call('PUT', `/v1/user/stores/${storeIds[0]}`, { description: 'probe' }, token);
    if (probe.status !== 200) throw new Error(`webhooks: PUT answered ${probe.status}`);
    for (let i = 0; i < 50 && arrivals.length === 0; i++) await sleep(100);
    if (arrivals.length === 0) throw new Error('webhooks: the probe delivery never arrived');

    const stats = {};
    let next = 0;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ description: 'Edited by the webhook benchmark.' });
    return {
      otherServer: server.pid,
      stats,
      async run({ connections, duration }) {
        arrivals.length = 0;
        let changes = 0;
        const started = Date.now();
        const m = await closedLoop(
          async () => {
            const res = await globalThis.fetch(
              `${server.baseUrl}/v1/user/stores/${storeIds[next++ % storeIds.length]}`,
              {
                method: 'PUT',
                headers,
                body,
              },
            );
            await res.arrayBuffer();
            if (res.status === 200) changes++;
            return res.status;
          },
          { connections, duration },
        );
        // Every change of the run has one delivery: wait (up to 30 s) for the stragglers.
        const deadline = Date.now() + 30_000;
        while (new Set(arrivals.map((a) => a.id)).size < changes && Date.now() < deadline) await sleep(100);
        const firsts = new Map();
        for (const a of arrivals) if (!firsts.has(a.id)) firsts.set(a.id, a.latency);
        const latencies = [...firsts.values()].sort((a, b) => a - b);
        const lastArrival = Date.now();
        Object.assign(stats, {
          changes,
          delivered: firsts.size,
          duplicates: arrivals.length - firsts.size,
          commitToFirstAttemptMs: {
            p50: quantile(latencies, 0.5),
            p95: quantile(latencies, 0.95),
            p99: quantile(latencies, 0.99),
            max: latencies.at(-1) ?? 0,
          },
          deliveriesPerSec: Math.round(firsts.size / ((lastArrival - started) / 1000)),
        });
        return m;
      },
    };
  },
  async teardown(ctx) {
    await stopInstance(INSTANCE);
    receiver?.close();
    if (database) await ctx.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  },
};
