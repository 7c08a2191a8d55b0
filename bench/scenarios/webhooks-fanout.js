'use strict';
// Deliveries per second per instance, with the endpoint count growing from 1 to 100. Three
// groups of endpoints on one instance, each endpoint with its own path on a receiver in this process
// (204 at once): 1 endpoint on one store; 10 on one store; 100 on five stores (20 each, a store's most).
// For each group in turn, PUT /v1/user/stores/:id changes its stores (round robin, the runner's
// connections) until the group's deliveries reach 600 × the run's seconds, then waits for every one.
// Reported per group: deliveries/s from the first change to the last arrival; the drain rate (the
// deliveries that arrived after the last change, per second, when a backlog was left: delivery alone,
// with no request to serve); and the CPU of the server and of its PostgreSQL backends per delivery,
// over the whole group and over the drain.
const { CpuMeter } = require('../lib/cpu');
const { ownInstance, startReceiver } = require('./support/webhook-bench');

const INSTANCE = 'webhooks-fanout';
const GROUPS = [
  { endpoints: 1, stores: 1 },
  { endpoints: 10, stores: 1 },
  { endpoints: 100, stores: 5 },
];
const DELIVERIES_PER_SECOND_OF_RUN = 600;
let bench = null;
let receiver = null;
let meter = null;

module.exports = {
  name: 'webhooks-fanout',
  title: 'webhook deliveries/s with 1, 10 and 100 endpoints (PUT /v1/user/stores/:id fanning out)',
  order: 96,
  async setup(ctx) {
    receiver = await startReceiver();
    bench = await ownInstance(ctx, INSTANCE, 'webhooks-fanout@bench.example');
    meter = new CpuMeter({
      serverPid: bench.server.pid,
      adminUrl: ctx.databaseUrl,
      databaseName: bench.database,
    });
    let path = 0;
    for (const group of GROUPS) {
      group.storeIds = [];
      for (let s = 0; s < group.stores; s++) {
        const storeId = await bench.createStore(`Fan-out ${group.endpoints}/${s}`);
        for (let e = 0; e < group.endpoints / group.stores; e++)
          await bench.subscribe(storeId, receiver.url(`/hook/${path++}`), ['store.updated']);
        group.storeIds.push(storeId);
      }
    }
    const headers = { authorization: `Bearer ${bench.token}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ description: 'Edited by the webhook fan-out benchmark.' });
    const stats = {};
    return {
      otherServer: bench.server.pid,
      stats,
      async run({ connections, duration }) {
        const latencies = [];
        let requests = 0;
        let unexpected = 0;
        const runStarted = Date.now();
        for (const group of GROUPS) {
          const fanOut = group.endpoints / group.stores;
          const changesWanted = Math.ceil((DELIVERIES_PER_SECOND_OF_RUN * duration) / fanOut);
          receiver.arrivals.length = 0;
          const before = await meter.snapshot();
          const started = Date.now();
          let next = 0;
          let changes = 0;
          const loop = async () => {
            while (next < changesWanted) {
              const storeId = group.storeIds[next++ % group.storeIds.length];
              const t0 = Date.now();
              const res = await globalThis.fetch(`${bench.server.baseUrl}/v1/user/stores/${storeId}`, {
                method: 'PUT',
                headers,
                body,
              });
              await res.arrayBuffer();
              latencies.push(Date.now() - t0);
              requests++;
              if (res.status === 200) changes++;
              else unexpected++;
            }
          };
          await Promise.all(Array.from({ length: connections }, loop));
          const generated = Date.now();
          const atGenerated = await meter.snapshot();
          const expected = changes * fanOut;
          const arrivedAtGenerated = new Set(receiver.arrivals.map((a) => a.id)).size;
          await receiver.waitFor(expected, 60_000);
          const after = await meter.snapshot();
          const firsts = receiver.firsts();
          const last = firsts.times.at(-1) ?? generated;
          const drained = firsts.count - arrivedAtGenerated;
          const whole = CpuMeter.diff(before, after, firsts.count);
          const drain = drained > 0 ? CpuMeter.diff(atGenerated, after, drained) : null;
          const drainSeconds = (last - generated) / 1000;
          stats[`${group.endpoints} endpoint${group.endpoints > 1 ? 's' : ''}`] = {
            changes,
            deliveries: firsts.count,
            missing: expected - firsts.count,
            duplicates: firsts.duplicates,
            deliveriesPerSec: Math.round(firsts.count / ((last - started) / 1000)),
            changesPerSec: Math.round(changes / ((generated - started) / 1000)),
            drain:
              drained > 0 && drainSeconds > 0.2
                ? { deliveries: drained, perSec: Math.round(drained / drainSeconds) }
                : 'no backlog',
            cpuUsPerDelivery: whole && {
              server: Math.round(whole.serverUs),
              postgres: Math.round(whole.postgresUs),
            },
            drainCpuUsPerDelivery: drain && {
              server: Math.round(drain.serverUs),
              postgres: Math.round(drain.postgresUs),
            },
            commitToFirstAttemptMs: firsts.latency,
          };
        }
        latencies.sort((a, b) => a - b);
        const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
        const seconds = (Date.now() - runStarted) / 1000;
        return {
          reqPerSec: requests / seconds,
          p50: at(0.5),
          p99: at(0.99),
          total: requests,
          unexpected,
          errors: 0,
        };
      },
    };
  },
  async teardown() {
    await meter?.close();
    await bench?.stop();
    receiver?.server.close();
  },
};
