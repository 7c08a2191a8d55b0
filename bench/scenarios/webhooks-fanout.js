'use strict';
// Deliveries per second per instance, with the endpoint count growing from 1 to 100. Three groups of
// endpoints on one instance, each endpoint with its own path on a receiver in this process: 1 endpoint
// on one store; 10 on one store; 100 on five stores (20 each, a store's most). For each group in turn:
// the receiver holds its answers while PUT /v1/user/stores/:id changes the group's stores (round robin,
// the runner's connections) until its deliveries reach 600 × the run's seconds — the instance's attempts
// wait in flight (16 per endpoint, 32 per store at most) and the rest wait as due deliveries — then
// answers 204 at once from then on. Measured from that moment to the last arrival: delivery alone, no
// request to serve. Reported per group: deliveries/s against the target (≥ 500 per instance), and the CPU
// of the server and of its PostgreSQL backends per delivery (flat as the endpoints grow?).
const { CpuMeter } = require('../lib/cpu');
const { ownInstance, startReceiver } = require('./support/webhook-bench');

const INSTANCE = 'webhooks-fanout';
const GROUPS = [
  { endpoints: 1, stores: 1 },
  { endpoints: 10, stores: 1 },
  { endpoints: 100, stores: 5 },
];
const DELIVERIES_PER_SECOND_OF_RUN = 600;
/** The target: deliveries per second per instance. */
const TARGET_PER_SECOND = 500;
let bench = null;
let receiver = null;
let meter = null;

module.exports = {
  name: 'webhooks-fanout',
  title: 'webhook deliveries/s with 1, 10 and 100 endpoints (PUT /v1/user/stores/:id fanning out)',
  order: 96,
  async setup(ctx) {
    receiver = await startReceiver();
    // Attempts wait at the receiver while a group's changes are made (up to half a minute): not a timeout.
    bench = await ownInstance(ctx, INSTANCE, 'webhooks-fanout@bench.example', { WEBHOOK_TIMEOUT: '120' });
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
          receiver.hold();
          const started = Date.now();
          let next = 0;
          let changes = 0;
          const loop = async () => {
            while (next < changesWanted) {
              const storeId = group.storeIds[next++ % group.storeIds.length];
              const t0 = Date.now();
              const status = await bench.change(storeId);
              latencies.push(Date.now() - t0);
              requests++;
              if (status === 200) changes++;
              else unexpected++;
            }
          };
          await Promise.all(Array.from({ length: connections }, loop));
          const generated = Date.now();
          const before = await meter.snapshot();
          const released = Date.now();
          receiver.release();
          const expected = changes * fanOut;
          await receiver.waitFor(expected, 120_000);
          const after = await meter.snapshot();
          const firsts = receiver.firsts();
          const last = firsts.times.at(-1) ?? released;
          const cpu = CpuMeter.diff(before, after, firsts.count);
          stats[`${group.endpoints} endpoint${group.endpoints > 1 ? 's' : ''}`] = {
            changes,
            changesPerSec: Math.round(changes / ((generated - started) / 1000)),
            deliveries: firsts.count,
            missing: expected - firsts.count,
            duplicates: firsts.duplicates,
            deliveriesPerSec: Math.round(firsts.count / ((last - released) / 1000)),
            target: `≥ ${TARGET_PER_SECOND}/s: ${firsts.count / ((last - released) / 1000) >= TARGET_PER_SECOND ? 'PASS' : 'FAIL'}`,
            cpuUsPerDelivery: cpu && {
              server: Math.round(cpu.serverUs),
              postgres: Math.round(cpu.postgresUs),
            },
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
