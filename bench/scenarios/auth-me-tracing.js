'use strict';
// What metrics and tracing cost on the authenticated request of `me` (GET /v1/auth/me),
// each on its own instance of the built service (same database, same tokens), run right after `me`
// (both off) in every round. Tracing samples every request (the default, parent-based always-on) and
// exports over OTLP/HTTP protobuf to a sink that discards: the worst case, short of a slow collector.
const { setTimeout: sleep } = require('node:timers/promises');
const { stopInstance, stopSink, tracedInstance, meOn } = require('./support/instance');

module.exports = {
  name: 'me-tracing',
  title: 'GET /v1/auth/me, OTLP tracing on',
  order: 12,
  ratioTo: 'me',
  ratioLabel: 'me-tracing/me',
  async setup(ctx) {
    const { server, sink } = await tracedInstance(ctx, 'me-tracing');
    const spec = await meOn(ctx, server.baseUrl);
    // Proof the spans leave: wait for the first export (the batch delay is 5 s by default).
    const deadline = Date.now() + 15_000;
    while (sink.stats.exports === 0) {
      if (Date.now() > deadline) throw new Error('me-tracing: no span was exported to the sink');
      await sleep(200);
    }
    return { ...spec, otherServer: server.pid, stats: sink.stats };
  },
  async teardown() {
    await stopInstance('me-tracing');
    await stopSink();
  },
};
