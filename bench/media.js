'use strict';
// Media targets of contract §17 (issue 44), on the BUILT server with the disk backend and the real
// PostgreSQL server (`npm run build` first, or pass --build):
//   1. Completing a 12-megapixel JPEG (renditions included): the p99 of other requests (GET /health/live
//      and GET /v1/user/stores/:id, 10 connections) while completions run back to back, against their
//      idle p99 in the same run (target ≤ 2×); server CPU per completion and bytes written per completion.
//   2. A rendition GET (`medium.webp`) against GET /health/live, 50 connections each (target ≥ 0.5×).
// The JPEG is made by sharp here (4000×3000 noise), never committed. Figures from a shared 2-core
// machine are noisy: compare ratios taken in the same run, and read the machine's load printed with them.
//   node bench/media.js [--build] [--duration=8] [--only=rendition] [--database-url=postgres://…]
// (`--only=rendition` runs the second measure alone.)
const autocannon = require('autocannon');
const { randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync } = require('node:fs');
const { loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const sharp = require('sharp');
const { createContext } = require('./lib/context');
const { processCpuMs } = require('./lib/cpu');
const { MailCatcher } = require('./lib/mail');
const { build, createDatabase, dropDatabase, startServer } = require('./lib/server');

const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const ADMIN_URL = arg(
  'database-url',
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const DURATION = Number(arg('duration', '8'));
const ONLY = arg('only', null);
// `--cpu-prof`: a V8 CPU profile of the server during the rendition GETs (bench/lib/profiler-preload.js),
// written to $TMPDIR/sf-bench-media-<time>.cpuprofile for bench/profile-summary.js.
const PROFILE = process.argv.includes('--cpu-prof')
  ? join(tmpdir(), `sf-bench-media-${Date.now()}.cpuprofile`)
  : null;

const run = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ duration: DURATION, ...opts }, (e, r) => (e ? reject(e) : resolve(r))),
  );

async function uploadAndComplete(ctx, token, storeId, bytes, contentType) {
  const staged = await ctx.expect(
    201,
    'POST',
    `/v1/user/stores/${storeId}/media/uploads`,
    {
      purpose: 'product_image',
      filename: 'bench.jpg',
      contentType,
      size: bytes.length,
    },
    { token },
  );
  const form = new globalThis.FormData();
  for (const [name, value] of Object.entries(staged.fields)) form.append(name, value);
  form.append('file', new globalThis.Blob([bytes], { type: contentType }));
  const posted = await globalThis.fetch(staged.url, { method: 'POST', body: form });
  if (posted.status !== 204) throw new Error(`form post: ${posted.status} ${await posted.text()}`);
  return ctx.expect(
    201,
    'POST',
    `/v1/user/stores/${storeId}/media/uploads/${staged.id}/complete`,
    undefined,
    { token },
  );
}

/** Measure 1: the other requests' p99 idle and beside back-to-back completions of the 12-MP JPEG. */
async function completionsBeside(ctx, server, token, store, jpeg) {
  const others = {
    url: server.baseUrl,
    connections: 10,
    requests: [
      { method: 'GET', path: '/health/live' },
      { method: 'GET', path: `/v1/user/stores/${store.id}`, headers: { authorization: `Bearer ${token}` } },
    ],
  };
  const idle = await run(others);
  let completions = 0;
  let written = 0;
  let stop = false;
  const cpuBefore = processCpuMs(server.pid);
  const loop = (async () => {
    while (!stop) {
      const media = await uploadAndComplete(ctx, token, store.id, jpeg, 'image/jpeg');
      completions++;
      written += media.bytes;
      for (const url of Object.values(media.renditions)) {
        const head = await globalThis.fetch(url, { method: 'HEAD' });
        written += Number(head.headers.get('content-length'));
      }
    }
  })();
  const busy = await run(others);
  stop = true;
  await loop;
  const cpuPer = (processCpuMs(server.pid) - cpuBefore) / completions;
  console.log(
    `other requests p99: idle ${idle.latency.p99} ms, during completions ${busy.latency.p99} ms ` +
      `(${(busy.latency.p99 / Math.max(1, idle.latency.p99)).toFixed(2)}×, target ≤ 2×); ` +
      `req/s idle ${idle.requests.average}, busy ${busy.requests.average}`,
  );
  console.log(
    `${completions} completions: server CPU ${cpuPer.toFixed(0)} ms each (upload receipt, checks, renditions, ` +
      `and its share of the other requests), ${(written / completions / 1e6).toFixed(2)} MB written each ` +
      `(original + renditions); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
}

async function main() {
  if (process.argv.includes('--build')) build();
  const db = await createDatabase(ADMIN_URL);
  const mail = await new MailCatcher().start();
  const dataDir = mkdtempSync(join(tmpdir(), 'sf-bench-media-'));
  const server = await startServer({
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      OTP_PEPPER: randomBytes(32).toString('hex'),
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      MAX_STORES_PER_ACCOUNT: '1000000',
      OTP_RESEND_AFTER: '0',
      ACCESS_TOKEN_TTL: '3600',
    },
    logFile: join(dataDir, 'server.log'),
    ...(PROFILE ? { nodeArgs: ['-r', join(__dirname, 'lib', 'profiler-preload.js')], ipc: true } : {}),
  });
  const ctx = createContext({
    baseUrl: server.baseUrl,
    databaseUrl: db.url,
    mail,
    settings: {},
    log: console.log,
  });
  try {
    const { access_token: token } = await ctx.signIn('bench-media@bench.example');
    const store = await ctx.expect(
      201,
      'POST',
      '/v1/user/stores/onboarding/stage1',
      { name: 'Bench media' },
      { token },
    );
    const jpeg = await sharp(randomBytes(4000 * 3000 * 3), {
      raw: { width: 4000, height: 3000, channels: 3 },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    console.log(
      `12-MP JPEG: ${(jpeg.length / 1e6).toFixed(1)} MB; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    await uploadAndComplete(ctx, token, store.id, jpeg, 'image/jpeg'); // warm-up (sharp, file-type loaded)

    if (ONLY !== 'rendition') await completionsBeside(ctx, server, token, store, jpeg);

    // A photo-like image (noise blurred: smooth areas, as photos have) so the rendition's size is typical.
    const small = await sharp(
      await sharp(randomBytes(1600 * 1200 * 3), { raw: { width: 1600, height: 1200, channels: 3 } })
        .blur(8)
        .png()
        .toBuffer(),
    )
      .jpeg()
      .toBuffer();
    const media = await uploadAndComplete(ctx, token, store.id, small, 'image/jpeg');
    const rendition = new globalThis.URL(media.renditions.medium).pathname;
    const renditionBytes = (await (await globalThis.fetch(media.renditions.medium)).arrayBuffer()).byteLength;
    const probe = await globalThis.fetch(media.renditions.medium);
    if (probe.status !== 200)
      throw new Error(`rendition GET answered ${probe.status}: ${await probe.text()}`);
    const live = await run({ url: `${server.baseUrl}/health/live`, connections: 50 });
    if (PROFILE) await server.ask({ profile: 'start' }, (a) => a && a.profiling);
    const served = await run({ url: `${server.baseUrl}${rendition}`, connections: 50 });
    if (PROFILE) {
      await server.ask({ profile: 'stop', file: PROFILE }, (a) => a && 'profiled' in a);
      console.log(`CPU profile: ${PROFILE} (${served.requests.total} requests)`);
    }
    console.log(
      `rendition GET (${renditionBytes} bytes) ${served.requests.average} req/s (p99 ${served.latency.p99} ms, non-2xx ${served.non2xx}, statuses ${JSON.stringify(served.statusCodeStats)}) vs ` +
        `/health/live ${live.requests.average} req/s (non-2xx ${live.non2xx}): ${(served.requests.average / live.requests.average).toFixed(2)}× ` +
        `(target ≥ 0.5×); load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
  } finally {
    await server.stop();
    await mail.stop();
    await dropDatabase(ADMIN_URL, db.name);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
