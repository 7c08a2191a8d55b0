'use strict';
// A closed-loop load driver for scenarios whose requests are made by JavaScript in this process (the SDK
// scenarios) rather than by autocannon: `connections` loops, each sending its next request as soon as the
// previous one is answered — autocannon's model — for `duration` seconds. Answers the same fields as the
// autocannon runs (req/s, p50, p99 in ms, totals), so the runner reports both kinds alike.

/**
 * @param {() => Promise<number>} send one request; resolves to the HTTP status (or throws: an error)
 * @param {{ connections: number, duration: number, expectStatus?: number }} options
 */
async function closedLoop(send, { connections, duration, expectStatus = 200 }) {
  const latencies = [];
  const statusCodeStats = {};
  let errors = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(duration * 1e9));
  const loop = async () => {
    while (process.hrtime.bigint() < deadline) {
      const t0 = process.hrtime.bigint();
      try {
        const status = await send();
        statusCodeStats[status] = { count: (statusCodeStats[status]?.count ?? 0) + 1 };
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies.length
      ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))])
      : 0;
  const total = latencies.length;
  const unexpected = Object.entries(statusCodeStats)
    .filter(([code]) => Number(code) !== expectStatus)
    .reduce((n, [, { count }]) => n + count, 0);
  return { reqPerSec: total / seconds, p50: at(0.5), p99: at(0.99), total, unexpected, errors };
}

module.exports = { closedLoop };
