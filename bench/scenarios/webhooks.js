'use strict';
// Commit → first attempt, idle and under load. PUT /v1/user/stores/:id, each store with one
// endpoint subscribed to store.updated, all pointing at a receiver in this process that answers 204 at
// once. The receiver measures, per delivery, the time from the change's commit (the event's createdAt:
// the transaction's now(), a hair before its COMMIT) to the first attempt's arrival.
// Each measured run has two parts: `idle`, one change every 50 ms for 3 s (nothing else running), then
// `load`, the runner's closed loop (50 connections) for the run's duration.
const { setTimeout: sleep } = require('node:timers/promises');
const { closedLoop } = require('../lib/closed-loop');
const { ownInstance, startReceiver } = require('./support/webhook-bench');

const INSTANCE = 'webhooks';
const IDLE_SECONDS = 3;
/** The target: commit → first attempt p95, idle and under load. */
const TARGET_P95_MS = 1000;
const IDLE_GAP_MS = 50;
let bench = null;
let receiver = null;

module.exports = {
  name: 'webhooks',
  title: 'PUT /v1/user/stores/:id, each store with a webhook endpoint: commit → first attempt',
  order: 95,
  async setup(ctx) {
    receiver = await startReceiver();
    bench = await ownInstance(ctx, INSTANCE, 'webhooks@bench.example');
    const storeIds = [];
    for (let i = 0; i < ctx.connections; i++) {
      const storeId = await bench.createStore(`Hooked ${i}`);
      await bench.subscribe(storeId, receiver.url(), ['store.updated']);
      storeIds.push(storeId);
    }
    // Stage 1 happened before each endpoint existed: nothing is due yet. Probe one delivery end to end.
    const probe = await bench.call(
      'PUT',
      `/v1/user/stores/${storeIds[0]}`,
      { description: 'probe' },
      bench.token,
    );
    if (probe.status !== 200) throw new Error(`webhooks: PUT answered ${probe.status}`);
    if ((await receiver.waitFor(1, 5000)) === 0)
      throw new Error('webhooks: the probe delivery never arrived');

    const stats = {};
    let next = 0;
    const change = () => bench.change(storeIds[next++ % storeIds.length]);
    return {
      otherServer: bench.server.pid,
      stats,
      async run({ connections, duration }) {
        // Idle: one change at a time, well spaced.
        receiver.arrivals.length = 0;
        let idleChanges = 0;
        for (const end = Date.now() + IDLE_SECONDS * 1000; Date.now() < end; await sleep(IDLE_GAP_MS))
          if ((await change()) === 200) idleChanges++;
        await receiver.waitFor(idleChanges, 30_000);
        const idle = receiver.firsts();

        // Under load: the closed loop; then every change of the run has one delivery to wait for (30 s at most).
        receiver.arrivals.length = 0;
        let changes = 0;
        const started = Date.now();
        const m = await closedLoop(
          async () => {
            const status = await change();
            if (status === 200) changes++;
            return status;
          },
          { connections, duration },
        );
        await receiver.waitFor(changes, 30_000);
        const load = receiver.firsts();
        const lastArrival = load.times.at(-1) ?? Date.now();
        const verdict = (latency) =>
          `p95 ≤ ${TARGET_P95_MS} ms: ${latency.p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL'}`;
        Object.assign(stats, {
          idle: {
            changes: idleChanges,
            delivered: idle.count,
            commitToFirstAttemptMs: idle.latency,
            target: verdict(idle.latency),
          },
          load: {
            changes,
            delivered: load.count,
            duplicates: load.duplicates,
            commitToFirstAttemptMs: load.latency,
            target: verdict(load.latency),
            deliveriesPerSec: Math.round(load.count / ((lastArrival - started) / 1000)),
          },
        });
        return m;
      },
    };
  },
  async teardown() {
    await bench?.stop();
    receiver?.server.close();
  },
};
