'use strict';
// A second (third…) instance of the service on the same database, JWT key and issuer as the main one,
// with extra settings: metrics or tracing on. The `me` scenario runs on the main instance (both off),
// `me-metrics` and `me-tracing` on these, alternated within each round, so the overhead of each is
// measured in the same run under the same machine load. Each has its own log file (removed after a
// clean stop).
const { createServer } = require('node:http');
const { startOnce, stopStarted: stopInstance } = require('../../lib/side-servers');

const instance = (ctx, name, env) =>
  startOnce(name, ctx.serverEntry, {
    ...ctx.serverEnv,
    DATABASE_URL: ctx.databaseUrl,
    PUBLIC_URL: ctx.baseUrl,
    ...env,
  });

/**
 * An OTLP/HTTP sink that reads and discards what it is sent (a collector that keeps up), in this
 * process: the exporter batches spans (512 a request at most), so it costs the load generator little.
 * Counts the exports, to show the spans really left.
 */
let sink = null;
function otlpSink() {
  sink ??= new Promise((resolve) => {
    const stats = { exports: 0, bytes: 0 };
    const server = createServer((request, response) => {
      request.on('data', (chunk) => (stats.bytes += chunk.length));
      request.on('end', () => {
        stats.exports++;
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, stats, server }),
    );
  });
  return sink;
}

async function stopSink() {
  if (!sink) return;
  const { server } = await sink;
  sink = null;
  await new Promise((resolve) => server.close(() => resolve()));
}

/** The `me` scenario's request, against another instance of the service. */
/** An instance that exports every trace it records over OTLP/HTTP protobuf to the sink; `env` adds to it. */
async function tracedInstance(ctx, name, env = {}) {
  const sink = await otlpSink();
  const { server } = await instance(ctx, name, {
    OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    ...env,
  });
  return { server, sink };
}

async function meOn(ctx, baseUrl) {
  const pairs = await ctx.signInMany(ctx.connections, { prefix: 'bench-me' });
  const probe = await globalThis.fetch(`${baseUrl}/v1/auth/me`, {
    headers: { authorization: `Bearer ${pairs[0].access_token}` },
  });
  if (probe.status !== 200)
    throw new Error(`GET /v1/auth/me answered ${probe.status}: ${await probe.text()}`);
  let next = 0;
  return {
    method: 'GET',
    url: `${baseUrl}/v1/auth/me`,
    expectStatus: 200,
    setupClient(client) {
      const pair = pairs[next++ % pairs.length];
      client.setHeaders({ authorization: `Bearer ${pair.access_token}` });
    },
  };
}

module.exports = { instance, stopInstance, stopSink, tracedInstance, meOn };
