#!/usr/bin/env node
'use strict';
// `npm run bench [-- <filter>…] [--rounds=2] [--log-level=warn] [--cpu-prof] [--no-build] …`
// Builds the server, runs the BUILT server on a fresh PostgreSQL database with production settings,
// and drives each scenario in bench/scenarios/ with autocannon. See bench/README.md.
const autocannon = require('autocannon');
const { randomBytes } = require('node:crypto');
const { mkdirSync, readdirSync, rmSync } = require('node:fs');
const os = require('node:os');
const { join, resolve } = require('node:path');
const { createContext } = require('./lib/context');
const { CpuMeter } = require('./lib/cpu');
const { MailCatcher } = require('./lib/mail');
const { build, createDatabase, dropDatabase, startServer, tail } = require('./lib/server');

const USAGE = `usage: npm run bench -- [filter…] [options]
  filter               run only scenarios whose name or title contains it (live is always run)
  --rounds=N           measured rounds, each scenario once per round (default 2)
  --duration=S         seconds per measured run (default 10)
  --warmup=S           seconds of the discarded warm-up run before each measured run (default 2)
  --no-warmup-round    skip round 0 (every scenario once, warm-up + duration seconds, discarded)
  --connections=N      autocannon connections (default 50)
  --log-level=L        the server's LOG_LEVEL (default warn; production's default is info)
  --cpu-prof           profile the server during the measured runs → $TMPDIR/sf-bench-profiles/<stamp>/
  --no-build           use the existing dist/ (skip npm run build)
  --server-entry=FILE  run another built server (e.g. a patched copy of dist/ for an A/B comparison;
                       implies --no-build)
  --database-url=URL   PostgreSQL admin URL (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --list               list the scenarios and exit`;

function parseArgs(argv) {
  const options = {
    filters: [],
    rounds: 2,
    duration: 10,
    warmup: 2,
    connections: 50,
    logLevel: 'warn',
    cpuProf: false,
    warmupRound: true,
    entry: undefined,
    build: true,
    list: false,
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
  for (const arg of argv) {
    const [flag, value] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    const positive = (name) => {
      const n = Number(value);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} needs a positive number`);
      return n;
    };
    switch (flag) {
      case '--rounds':
        options.rounds = Math.round(positive(flag));
        break;
      case '--duration':
        options.duration = positive(flag);
        break;
      case '--warmup':
        options.warmup = positive(flag);
        break;
      case '--connections':
        options.connections = Math.round(positive(flag));
        break;
      case '--log-level':
        options.logLevel = value;
        break;
      case '--cpu-prof':
        options.cpuProf = true;
        break;
      case '--server-entry':
        options.entry = resolve(value);
        options.build = false;
        break;
      case '--no-warmup-round':
        options.warmupRound = false;
        break;
      case '--no-build':
        options.build = false;
        break;
      case '--database-url':
        options.adminUrl = value;
        break;
      case '--list':
        options.list = true;
        break;
      case '-h':
      case '--help':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        if (flag.startsWith('-')) throw new Error(`unknown option ${flag}\n${USAGE}`);
        options.filters.push(arg.toLowerCase());
    }
  }
  return options;
}

function loadScenarios() {
  const dir = join(__dirname, 'scenarios');
  const scenarios = readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const scenario = require(join(dir, file));
      if (!scenario.name || typeof scenario.setup !== 'function') {
        throw new Error(`bench/scenarios/${file} must export { name, setup(ctx) }`);
      }
      return { order: 100, title: scenario.name, ...scenario, file };
    })
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  const names = new Set();
  for (const s of scenarios) {
    if (names.has(s.name)) throw new Error(`two scenarios are named "${s.name}"`);
    names.add(s.name);
  }
  return scenarios;
}

/** The filtered scenarios, plus live and whatever a selected scenario's ratio refers to. */
function select(all, filters) {
  const byName = new Map(all.map((s) => [s.name, s]));
  const chosen = new Set(['live']);
  for (const s of all) {
    const haystack = `${s.name} ${s.title} ${s.file}`.toLowerCase();
    if (!filters.length || filters.some((f) => haystack.includes(f))) chosen.add(s.name);
  }
  // Transitively: a peer is measured against me, and me against the ceiling (a Set's iteration visits what
  // is added while it runs).
  for (const name of chosen) {
    const ratioTo = byName.get(name)?.ratioTo;
    if (ratioTo) {
      if (!byName.has(ratioTo)) throw new Error(`scenario ${name}: ratioTo "${ratioTo}" does not exist`);
      chosen.add(ratioTo);
    }
  }
  return all.filter((s) => chosen.has(s.name));
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const pad = (value, width, right = true) =>
  right ? String(value).padStart(width) : String(value).padEnd(width);
const pct = (ratio) => `${(ratio * 100).toFixed(1)} %`;
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

// Fields of a scenario's setup() answer that are ours, not autocannon options.
const OWN_FIELDS = ['path', 'url', 'stats', 'expectStatus', 'run', 'otherServer'];

function autocannonOptions(spec, baseUrl, settings, duration) {
  const options = {
    connections: settings.connections,
    ...Object.fromEntries(Object.entries(spec).filter(([key]) => !OWN_FIELDS.includes(key))),
    // A scenario against another server (the ceiling of bench/ceiling) gives its own absolute url.
    url: spec.url ?? `${baseUrl}${spec.path ?? '/'}`,
    duration,
  };
  return options;
}

async function measure(spec, baseUrl, settings, duration) {
  // A scenario driven by JavaScript in this process (the SDK) brings its own closed loop.
  if (spec.run) {
    const m = await spec.run({ connections: settings.connections, duration });
    let invalid = null;
    if (!m.total) invalid = 'no successful request';
    else if (m.unexpected > m.total * 0.01) invalid = `${m.unexpected} answers with an unexpected status`;
    else if (m.errors > m.total * 0.01) invalid = `${m.errors} errors`;
    return { invalid, ...m };
  }
  const result = await autocannon(autocannonOptions(spec, baseUrl, settings, duration));
  const expected = spec.expectStatus;
  const unexpected = expected
    ? Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => Number(code) !== expected)
        .reduce((n, [, { count }]) => n + count, 0)
    : result.non2xx;
  const total = result.requests.total;
  let invalid = null;
  if (!total) invalid = 'no successful request';
  else if (unexpected > total * 0.01) invalid = `${unexpected} answers with an unexpected status`;
  else if (result.errors + result.timeouts > total * 0.01)
    invalid = `${result.errors + result.timeouts} errors/timeouts`;
  return {
    invalid,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    unexpected,
    errors: result.errors + result.timeouts,
  };
}

function printRow(round, scenario, m) {
  const flags = [];
  if (m.unexpected) flags.push(`${m.unexpected} unexpected status`);
  if (m.errors) flags.push(`${m.errors} errors/timeouts`);
  console.log(
    `  ${pad(round, 5)}  ${pad(scenario.title, 40, false)} ${pad(m.reqPerSec.toFixed(0), 9)} req/s  p50 ${pad(m.p50, 4)} ms  p99 ${pad(m.p99, 4)} ms  ${pad(m.total, 7)} requests` +
      (flags.length ? `  !! ${flags.join(', ')}` : ''),
  );
  if (m.cpu) {
    const c = m.cpu;
    console.log(
      `         CPU per request: server ${c.serverUs.toFixed(0)} µs, postgres ${c.postgresUs.toFixed(0)} µs, ` +
        `load generator ${c.loadGeneratorUs.toFixed(0)} µs; machine ${pct(c.machineBusy)} busy, ${pct(c.otherBusy)} of it other work`,
    );
  }
}

function verdict(target, ratio, p99, reqPerSec, baseP99, cpuRatio) {
  if (!target) return null;
  const misses = [];
  if (target.maxP99Ratio !== undefined && baseP99 !== undefined && p99 > target.maxP99Ratio * baseP99) {
    misses.push(`p99 ${p99.toFixed(1)} ms > ${target.maxP99Ratio} × ${baseP99.toFixed(1)} ms`);
  }
  if (target.minRatio !== undefined && (ratio === undefined || ratio < target.minRatio)) {
    misses.push(`ratio ${ratio === undefined ? '?' : pct(ratio)} < ${pct(target.minRatio)}`);
  }
  if (
    target.maxServerCpuRatio !== undefined &&
    (cpuRatio === undefined || cpuRatio > target.maxServerCpuRatio)
  ) {
    misses.push(
      `server CPU per request ${cpuRatio === undefined ? '?' : `${cpuRatio.toFixed(2)} ×`} the baseline's > ${target.maxServerCpuRatio} ×`,
    );
  }
  if (
    target.minServerCpuRatio !== undefined &&
    (cpuRatio === undefined || cpuRatio < target.minServerCpuRatio)
  ) {
    misses.push(
      `server CPU per request ${cpuRatio === undefined ? '?' : `${cpuRatio.toFixed(2)} ×`} the baseline's < ${target.minServerCpuRatio} ×`,
    );
  }
  if (target.maxRatio !== undefined && (ratio === undefined || ratio > target.maxRatio)) {
    misses.push(`ratio ${ratio === undefined ? '?' : pct(ratio)} > ${pct(target.maxRatio)}`);
  }
  if (target.maxP99Ms !== undefined && p99 > target.maxP99Ms)
    misses.push(`p99 ${p99} ms > ${target.maxP99Ms} ms`);
  if (target.minReqPerSec !== undefined && reqPerSec < target.minReqPerSec) {
    misses.push(`${reqPerSec.toFixed(0)} req/s < ${target.minReqPerSec}`);
  }
  return misses.length ? `FAIL (${misses.join('; ')})` : 'PASS';
}

function describeTarget(target) {
  const parts = [];
  if (target.minRatio !== undefined) parts.push(`ratio ≥ ${pct(target.minRatio)}`);
  if (target.maxRatio !== undefined) parts.push(`ratio ≤ ${pct(target.maxRatio)}`);
  if (target.minServerCpuRatio !== undefined)
    parts.push(`server CPU per request ≥ ${target.minServerCpuRatio} × the baseline's`);
  if (target.maxServerCpuRatio !== undefined)
    parts.push(`server CPU per request ≤ ${target.maxServerCpuRatio} × the baseline's`);
  if (target.maxP99Ms !== undefined) parts.push(`p99 ≤ ${target.maxP99Ms} ms`);
  if (target.minReqPerSec !== undefined) parts.push(`≥ ${target.minReqPerSec} req/s`);
  if (target.maxP99Ratio !== undefined) parts.push(`p99 ≤ ${target.maxP99Ratio} × the baseline's`);
  return parts.join(', ');
}

function report(scenarios, results, rounds) {
  const failedLoudly = [];
  const byName = new Map(scenarios.map((s) => [s.name, s]));
  console.log('\nSummary (mean of the rounds; ratios are taken within each round, then averaged)');
  const lines = [];
  for (const s of scenarios) {
    const rs = results.get(s.name);
    if (!rs || rs.length < rounds) continue;
    const reqs = mean(rs.map((m) => m.reqPerSec));
    const p99 = mean(rs.map((m) => m.p99));
    let line = `  ${pad(s.title, 40, false)} ${pad(reqs.toFixed(0), 9)} req/s  p99 ${pad(p99.toFixed(1), 6)} ms  (rounds: ${rs
      .map((m) => `${m.reqPerSec.toFixed(0)} req/s p99 ${m.p99} ms`)
      .join(' | ')})`;
    let ratioLine = null;
    let ratio;
    let baseP99;
    let cpuRatio;
    if (s.ratioTo) {
      baseP99 = mean(results.get(s.ratioTo).map((m) => m.p99));
      const base = results.get(s.ratioTo);
      const ratios = rs.map((m, i) => m.reqPerSec / base[i].reqPerSec);
      ratio = mean(ratios);
      const label = s.ratioLabel ?? `${s.name}/${s.ratioTo}`;
      ratioLine = `${label} ratio: ${pct(ratio)} of ${byName.get(s.ratioTo).title} (rounds: ${ratios.map(pct).join(', ')})`;
      // Server CPU per request against the baseline's, same round: steadier than req/s on a shared machine.
      const cpuRatios = rs.map((m, i) =>
        m.cpu && base[i].cpu ? m.cpu.serverUs / base[i].cpu.serverUs : undefined,
      );
      if (cpuRatios.every((r) => r !== undefined)) {
        cpuRatio = mean(cpuRatios);
        ratioLine += `; server CPU per request ${cpuRatio.toFixed(2)} × (rounds: ${cpuRatios.map((r) => r.toFixed(2)).join(', ')})`;
      }
    }
    const invalid = rs.find((m) => m.invalid)?.invalid;
    const judged = invalid
      ? `INVALID RUN (${invalid})`
      : verdict(s.target, ratio, p99, reqs, baseP99, cpuRatio);
    if (judged && judged !== 'PASS' && s.target?.loud) failedLoudly.push(s.name);
    if (judged) line += `\n    ${s.target ? `target ${describeTarget(s.target)}: ` : ''}${judged}`;
    console.log(line);
    if (ratioLine)
      lines.push({
        headline: Boolean(s.headline),
        text: judged
          ? `${ratioLine} — ${s.target ? `target ${describeTarget(s.target)}: ` : ''}${judged}`
          : ratioLine,
      });
  }
  // The headline ratio (me/ceiling) is the LAST line of the output.
  lines.sort((a, b) => Number(a.headline) - Number(b.headline));
  if (lines.length) console.log('');
  for (const { text } of lines) console.log(text);
  // A guarded hot path that misses its target fails the command, not just a line of its output.
  if (failedLoudly.length) {
    console.log(`\n!! FAIL: ${failedLoudly.join(', ')} missed a hot-path target (exit code 1)`);
    process.exitCode = 1;
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const all = loadScenarios();
  if (options.list) {
    for (const s of all)
      console.log(
        `${pad(s.name, 16, false)} ${s.title}${s.target ? `  [target ${describeTarget(s.target)}]` : ''}`,
      );
    return;
  }
  const scenarios = select(all, options.filters);
  const settings = {
    connections: options.connections,
    duration: options.duration,
    warmup: options.warmup,
    rounds: options.rounds,
    warmupRound: options.warmupRound,
  };

  console.log(`bench: ${scenarios.map((s) => s.name).join(', ')}`);
  console.log(
    `  ${os.cpus().length} CPUs, Node ${process.version}, load average ${load()}; autocannon ${settings.connections} connections, ` +
      `${settings.warmup} s warm-up (discarded) + ${settings.duration} s measured, ${settings.rounds} round(s)` +
      (settings.warmupRound ? ' after a discarded round 0' : ''),
  );
  console.log(
    `  server: NODE_ENV=production, LOG_LEVEL=${options.logLevel}` +
      (options.logLevel === 'info'
        ? ' (one log line per request, as production logs by default)'
        : ' (production defaults to info, which writes one log line per request: compare with --log-level=info)'),
  );

  if (options.build) {
    console.log('Building (npm run build)…');
    build();
  }

  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length) {
      const step = cleanups.pop();
      try {
        await step();
      } catch (error) {
        console.error(`cleanup: ${error.message}`);
      }
    }
  };
  let interrupted = false;
  let succeeded = false;
  process.on('SIGINT', () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error('\ninterrupted: cleaning up…');
    cleanup().finally(() => process.exit(130));
  });

  try {
    const mail = await new MailCatcher().start();
    cleanups.push(() => mail.stop());

    const database = await createDatabase(options.adminUrl);
    cleanups.push(() => dropDatabase(options.adminUrl, database.name));

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    let profileDir = null;
    const nodeArgs = [];
    if (options.cpuProf) {
      profileDir = join(os.tmpdir(), 'sf-bench-profiles', stamp);
      mkdirSync(profileDir, { recursive: true });
      nodeArgs.push('-r', join(__dirname, 'lib', 'profiler-preload.js'));
    }
    const logFile = join(os.tmpdir(), `sf-bench-${stamp}.log`);
    const serverEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      OTP_PEPPER: randomBytes(48).toString('base64url'),
      SMTP_URL: mail.url,
      LOG_LEVEL: options.logLevel,
      AUTH_RATE_LIMIT: '1000000',
      // Scenarios seed and create stores by the hundred with one account.
      MAX_STORES_PER_ACCOUNT: '1000000',
      // The checkout scenario's one public token from one address places every order.
      STOREFRONT_WRITE_RATE_LIMIT: '1000000',
      OTP_RESEND_AFTER: '0',
      ACCESS_TOKEN_TTL: '3600',
      // The webhook scenarios' receiver runs in this process, on loopback.
      WEBHOOK_ALLOW_LOCAL: 'true',
    };
    const server = await startServer({
      logFile,
      entry: options.entry,
      nodeArgs,
      ipc: Boolean(profileDir),
      env: serverEnv,
    });
    cleanups.push(async () => {
      const exit = await server.stop();
      // The log is kept (its path was printed) only when something went wrong.
      if (succeeded) rmSync(logFile, { force: true });
      if (exit && exit.code !== 0 && exit.signal !== 'SIGTERM') {
        console.error(`the server exited with ${JSON.stringify(exit)}; log tail:\n${tail(logFile)}`);
      }
    });
    console.log(`  server pid ${server.pid} at ${server.baseUrl}, database ${database.name}, log ${logFile}`);

    const meter = new CpuMeter({
      serverPid: server.pid,
      adminUrl: options.adminUrl,
      databaseName: database.name,
    });
    cleanups.push(() => meter.close());

    const ctx = createContext({
      baseUrl: server.baseUrl,
      databaseUrl: database.url,
      mail,
      settings,
      serverEnv,
      serverEntry: options.entry,
      log: (message) => console.log(`    ${message}`),
    });
    cleanups.push(() => ctx.close());

    const specs = new Map();
    for (const s of scenarios) {
      const started = Date.now();
      const spec = await s.setup(ctx);
      if (s.teardown) cleanups.push(() => s.teardown(ctx));
      specs.set(s.name, { title: s.title, ...spec });
      console.log(`  set up ${s.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }

    const results = new Map(scenarios.map((s) => [s.name, []]));
    if (settings.warmupRound) {
      // Round 0: every scenario once, as long as a measured run and its warm-up, discarded. Without it the
      // first round's first scenarios run while V8 is still compiling the server's hot paths and PostgreSQL
      // is still analysing freshly seeded tables (seen: orderCreate at 3.0 ms of server CPU per request in
      // round 1 against 1.7 ms in rounds 2 and 3), which skews round 1's ratios toward what runs later.
      console.log(`\nRound 0 (warm-up, discarded; --no-warmup-round skips it)`);
      for (const s of scenarios)
        await measure(specs.get(s.name), server.baseUrl, settings, settings.warmup + settings.duration);
    }
    for (let round = 1; round <= settings.rounds; round++) {
      console.log(`\nRound ${round}/${settings.rounds} (load average ${load()})`);
      for (const s of scenarios) {
        const spec = specs.get(s.name);
        await measure(spec, server.baseUrl, settings, settings.warmup);
        if (profileDir) await server.ask({ profile: 'start' }, (a) => a && a.profiling);
        // The meter watches the process the run talks to: the service, or the other server's pid.
        const pid = spec.otherServer ? spec.otherServer : server.pid;
        const before = await meter.snapshot(pid);
        const m = await measure(spec, server.baseUrl, settings, settings.duration);
        m.cpu = CpuMeter.diff(before, await meter.snapshot(pid), m.total);
        if (server.exited) {
          throw new Error(
            `the server died during ${s.name}: ${JSON.stringify(server.exited)}\n${tail(logFile)}`,
          );
        }
        if (profileDir) {
          const file = join(profileDir, `${s.name}-round${round}.cpuprofile`);
          await server.ask({ profile: 'stop', file }, (a) => a && 'profiled' in a);
        }
        results.get(s.name).push(m);
        printRow(`#${round}`, s, m);
        if (spec.stats) console.log(`         ${JSON.stringify(spec.stats)}`);
      }
    }
    if (profileDir)
      console.log(`\nCPU profiles: ${profileDir} (node bench/profile-summary.js <file> --requests=N)`);
    console.log(`load average at the end: ${load()}`);
    report(scenarios, results, settings.rounds);
    succeeded = true;
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(`bench failed: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
