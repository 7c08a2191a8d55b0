#!/usr/bin/env node
'use strict';
// `node bench/python-sdk.js [--no-build] [--requests=300] [--rounds=5] [--python=python3]`
// What the Python SDK (libs/sdk-python) adds to a GraphQL request with a cached token, over the same
// request sent with plain urllib: builds and starts the BUILT server on a fresh PostgreSQL database (as
// `npm run bench` does), makes a store of 100 products and an app, and runs bench/python/sdk_overhead.py,
// which alternates the two clients round by round, one request after another. Prints per case the median
// wall time and client CPU per request of each, the SDK's overhead (µs and %), and the server's CPU per
// request. Not a test: the lead takes the figures on a quiet machine.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { rmSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const { createContext } = require('./lib/context');
const { MailCatcher } = require('./lib/mail');
const { ROOT, build, createDatabase, dropDatabase, startServer, tail } = require('./lib/server');
const { accountWithStores, createApp, seedProducts } = require('./scenarios/support/fixtures');

function parseArgs(argv) {
  const options = {
    build: true,
    requests: 300,
    rounds: 5,
    python: process.env.PYTHON || 'python3',
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
  for (const arg of argv) {
    const [flag, value] = arg.split('=');
    if (flag === '--no-build') options.build = false;
    else if (flag === '--requests') options.requests = Number(value);
    else if (flag === '--rounds') options.rounds = Number(value);
    else if (flag === '--python') options.python = value;
    else if (flag === '--database-url') options.adminUrl = value;
    else throw new Error(`unknown option ${arg}`);
  }
  if (!(options.requests > 0) || !(options.rounds > 0))
    throw new Error('--requests and --rounds must be positive');
  return options;
}

function runPython(options, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(options.python, [join(__dirname, 'python', 'sdk_overhead.py')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PYTHONPATH: join(ROOT, 'libs/sdk-python/src'),
        PYTHONDONTWRITEBYTECODE: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let summary = null;
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let newline;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        if (line.summary) summary = line.summary;
        else
          console.log(
            `  round ${line.round} ${line.case.padEnd(12)} ${line.client}: ${line.us_per_request.toFixed(0).padStart(6)} µs/request, ` +
              `client CPU ${line.client_cpu_us.toFixed(0).padStart(5)} µs, server CPU ${line.server_cpu_us.toFixed(0).padStart(5)} µs`,
          );
      }
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 && summary ? resolve(summary) : reject(new Error(`python exited ${code}`)),
    );
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  console.log(
    `python-sdk bench: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (options.build) {
    console.log('Building (npm run build)…');
    build();
  }
  const cleanups = [];
  let succeeded = false;
  try {
    const mail = await new MailCatcher().start();
    cleanups.push(() => mail.stop());
    const database = await createDatabase(options.adminUrl);
    cleanups.push(() => dropDatabase(options.adminUrl, database.name));
    const logFile = join(os.tmpdir(), `sf-bench-python-${Date.now()}.log`);
    const server = await startServer({
      logFile,
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        JWT_SECRET: randomBytes(48).toString('base64url'),
        OTP_PEPPER: randomBytes(48).toString('base64url'),
        SMTP_URL: mail.url,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000000',
        MAX_STORES_PER_ACCOUNT: '1000000',
        OTP_RESEND_AFTER: '0',
      },
    });
    cleanups.push(async () => {
      await server.stop();
      if (succeeded) rmSync(logFile, { force: true });
      else console.error(`server log tail (${logFile}):\n${tail(logFile)}`);
    });
    const ctx = createContext({
      baseUrl: server.baseUrl,
      databaseUrl: database.url,
      mail,
      settings: { rounds: 1 },
      log: console.log,
    });
    cleanups.push(() => ctx.close());
    const { token, storeIds } = await accountWithStores(ctx, 'bench-python@bench.example', 1);
    await seedProducts(ctx, storeIds[0], 100);
    const app = await createApp(ctx, token, storeIds[0], {
      name: 'Bench Python SDK',
      scopes: ['store:read', 'products:read'],
    });
    console.log(
      `  server pid ${server.pid} at ${server.baseUrl}; ${options.requests} requests a phase, ${options.rounds} rounds, ${options.python}`,
    );

    const summary = await runPython(options, {
      SF_BASE_URL: server.baseUrl,
      SF_CLIENT_ID: app.clientId,
      SF_CLIENT_SECRET: app.clientSecret,
      SF_SERVER_PID: String(server.pid),
      SF_REQUESTS: String(options.requests),
      SF_ROUNDS: String(options.rounds),
    });
    console.log('\nMedians over the rounds (one request after another, a new connection each):');
    for (const [name, c] of Object.entries(summary.cases)) {
      console.log(
        `  ${name.padEnd(12)} urllib ${c.raw.us_per_request.toFixed(0)} µs/request (client CPU ${c.raw.client_cpu_us.toFixed(0)} µs), ` +
          `SDK ${c.sdk.us_per_request.toFixed(0)} µs/request (client CPU ${c.sdk.client_cpu_us.toFixed(0)} µs); ` +
          `server CPU ${c.raw.server_cpu_us.toFixed(0)} / ${c.sdk.server_cpu_us.toFixed(0)} µs per request`,
      );
      console.log(
        `  ${''.padEnd(12)} SDK overhead: ${c.overhead_us.toFixed(0)} µs per request (${c.overhead_pct.toFixed(1)} %), of which client CPU ${c.client_cpu_overhead_us.toFixed(0)} µs`,
      );
    }
    succeeded = true;
  } finally {
    while (cleanups.length) {
      try {
        await cleanups.pop()();
      } catch (error) {
        console.error(`cleanup: ${error.message}`);
      }
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
