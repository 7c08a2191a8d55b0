'use strict';
// What metrics and tracing cost on the authenticated request of `me` (GET /v1/auth/me),
// each on its own instance of the built service (same database, same tokens), run right after `me`
// (both off) in every round. Tracing samples every request (the default, parent-based always-on) and
// exports over OTLP/HTTP protobuf to a sink that discards: the worst case, short of a slow collector.
const net = require('node:net');
const { instance, stopInstance, meOn } = require('./support/instance');

module.exports = {
  name: 'me-metrics',
  title: 'GET /v1/auth/me, METRICS_PORT set',
  order: 11,
  ratioTo: 'me',
  ratioLabel: 'me-metrics/me',
  async setup(ctx) {
    const metricsPort = await new Promise((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    });
    const { server } = await instance(ctx, 'me-metrics', { METRICS_PORT: String(metricsPort) });
    const spec = await meOn(ctx, server.baseUrl);
    // Proof the metrics are on: the histogram is there on the metrics port.
    const scrape = await (await globalThis.fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    if (!scrape.includes('http_request_duration_seconds_count{method="GET",route="/v1/auth/me"'))
      throw new Error('me-metrics: /metrics does not show the requests');
    return { ...spec, otherServer: server.pid };
  },
  teardown: () => stopInstance('me-metrics'),
};
