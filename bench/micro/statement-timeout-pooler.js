#!/usr/bin/env node
'use strict';
// What each way of enforcing DATABASE_STATEMENT_TIMEOUT costs behind a stock PgBouncer in transaction
// mode (libs/database/src/statement-timeout.ts, docs/reliability.md). The same one-row read, through the
// pooler, one after another, four ways, interleaved over 5 rounds:
//   A) no timeout at all (the floor);
//   B) this process's timer per statement (the `client` route: what the service does behind such a
//      pooler when the server's own setting differs): a setTimeout/clearTimeout around the statement;
//   C) SET LOCAL in a transaction around it (`BEGIN; SET LOCAL statement_timeout …` in one simple query,
//      the statement, COMMIT): what a per-transaction SET costs when every statement needs one;
//   D) set_config(…, true) as a separate statement before it in an explicit transaction (BEGIN, SET,
//      statement, COMMIT: four round trips), the naive form.
// Prints the client CPU (process.cpuUsage) and wall time per read, medians over the rounds. Starts
// Debian's PgBouncer (/usr/sbin/pgbouncer) on a free port with the stock ignore_startup_parameters.
// `npm run build` first (it loads the built dist/libs/database). `node bench/micro/statement-timeout-pooler.js [reads per round]`.
const { execFileSync, spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { chownSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { Client } = require('pg');
const { URL } = require('node:url');
const { clientWithStatementTimeout } = require('../../dist/libs/database/src/statement-timeout');

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reads = Number(process.argv[2] ?? 3000);

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startPgBouncer(server) {
  const dir = mkdtempSync(join(tmpdir(), 'sf-micro-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'userlist.txt'), `"${server.username || 'postgres'}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 2',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const args = [join(dir, 'pgbouncer.ini')];
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    for (const f of ['', 'pgbouncer.ini', 'userlist.txt']) chownSync(join(dir, f), uid, gid);
    args.unshift('-u', 'postgres');
  }
  const child = spawn('/usr/sbin/pgbouncer', args, { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise((resolve) => {
      const s = net
        .connect(port, '127.0.0.1', () => s.end(() => resolve(true)))
        .on('error', () => resolve(false));
    });
    if (up) break;
    await sleep(50);
  }
  return {
    port,
    stop() {
      child.kill('SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const name = `sf_micro_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const server = new URL(adminUrl);
  const bouncer = await startPgBouncer(server);
  const url = `postgres://${server.username || 'postgres'}@127.0.0.1:${bouncer.port}/${name}`;
  try {
    const setup = new Client({ connectionString: url });
    await setup.connect();
    await setup.query('CREATE TABLE t (id int PRIMARY KEY, v text)');
    await setup.query(`INSERT INTO t SELECT i, md5(i::text) FROM generate_series(1, 1000) i`);
    await setup.end();

    const Timed = clientWithStatementTimeout(15_000);
    const plain = new Client({ connectionString: url });
    const timed = new Timed({ connectionString: url });
    await plain.connect();
    await timed.connect();
    const read = (c, i) => c.query('SELECT id, v FROM t WHERE id = $1', [(i % 1000) + 1]);
    const ways = {
      'A) no timeout': (i) => read(plain, i),
      'B) a timer per statement (the service)': (i) => read(timed, i),
      'C) BEGIN; SET LOCAL … (one simple query), statement, COMMIT': async (i) => {
        await plain.query('BEGIN; SET LOCAL statement_timeout = 15000');
        await read(plain, i);
        await plain.query('COMMIT');
      },
      'D) BEGIN, SET LOCAL, statement, COMMIT (four round trips)': async (i) => {
        await plain.query('BEGIN');
        await plain.query(`SELECT set_config('statement_timeout', '15000', true)`);
        await read(plain, i);
        await plain.query('COMMIT');
      },
    };
    const results = Object.fromEntries(Object.keys(ways).map((k) => [k, { cpu: [], wall: [] }]));
    for (let round = 0; round < 6; round++) {
      for (const [label, run] of Object.entries(ways)) {
        const cpu0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        for (let i = 0; i < reads; i++) await run(i);
        const wall = Number(process.hrtime.bigint() - t0) / 1e3 / reads;
        const c = process.cpuUsage(cpu0);
        // Round 0 warms up (JIT, plans, PgBouncer's server connections) and is not counted.
        if (round === 0) continue;
        results[label].cpu.push((c.user + c.system) / reads);
        results[label].wall.push(wall);
      }
    }
    await plain.end();
    await timed.end();
    console.log(
      `${reads} reads per way per round, 5 rounds, through PgBouncer (transaction mode, stock parameters)`,
    );
    for (const [label, { cpu, wall }] of Object.entries(results)) {
      console.log(
        `${label.padEnd(64)} client CPU ${median(cpu).toFixed(1).padStart(6)} µs   wall ${median(wall).toFixed(1).padStart(6)} µs per read`,
      );
    }
  } finally {
    bouncer.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
