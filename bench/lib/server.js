'use strict';
// Builds the server, makes a throw-away database on the real PostgreSQL server, and runs the BUILT
// server (dist/) as a child process, the way production runs it.
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { closeSync, existsSync, openSync, readFileSync } = require('node:fs');
const net = require('node:net');
const { join } = require('node:path');
const { URL } = require('node:url');
const { clearTimeout, setTimeout } = require('node:timers');
const { setTimeout: sleep } = require('node:timers/promises');
const { Client } = require('pg');

const ROOT = join(__dirname, '..', '..');
const ENTRY = join(ROOT, 'dist/apps/api/src/main.js');

function build() {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

/** A throw-away database `sf_bench_<random>` on the server at adminUrl (trust auth). */
async function createDatabase(adminUrl) {
  const name = `sf_bench_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function dropDatabase(adminUrl, name) {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function tail(file, lines = 30) {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/**
 * Starts `node --experimental-vm-modules dist/apps/api/src/main.js` with the given environment, its
 * stdout and stderr going to logFile (a log file is what production writes to; a pipe read by this
 * process would put the log cost on the load generator). Resolves once /health/live answers.
 */
async function startServer({
  env,
  logFile,
  entry = ENTRY,
  nodeArgs = [],
  ipc = false,
  startTimeoutMs = 60_000,
}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, 'w');
  const child = spawn(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', ...nodeArgs, entry],
    {
      cwd: ROOT,
      // A second instance of the service (bench/scenarios/support/instance.js) keeps the first one's
      // PUBLIC_URL: it is the tokens' issuer, and the same tokens must work on both.
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: env.PUBLIC_URL ?? baseUrl,
      },
      stdio: ipc ? ['ignore', out, out, 'ipc'] : ['ignore', out, out],
    },
  );
  closeSync(out);
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (exited) {
      throw new Error(`the server exited during start (${JSON.stringify(exited)}):\n${tail(logFile)}`);
    }
    try {
      const response = await globalThis.fetch(`${baseUrl}/health/live`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the server did not answer /health/live within ${startTimeoutMs} ms:\n${tail(logFile)}`,
      );
    }
    await sleep(200);
  }

  return {
    baseUrl,
    pid: child.pid,
    logFile,
    get exited() {
      return exited;
    },
    /** Sends an IPC message and resolves with the first answer that `accept` takes (ipc: true only). */
    ask(message, accept, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', listener);
          reject(new Error(`no answer from the server to ${JSON.stringify(message)}`));
        }, timeoutMs);
        const listener = (answer) => {
          if (!accept(answer)) return;
          clearTimeout(timer);
          child.off('message', listener);
          resolve(answer);
        };
        child.on('message', listener);
        child.send(message);
      });
    },
    async stop() {
      if (exited) return exited;
      child.kill('SIGTERM');
      const done = await Promise.race([exit, sleep(10_000).then(() => null)]);
      if (done) return done;
      child.kill('SIGKILL');
      return exit;
    },
  };
}

module.exports = { ROOT, ENTRY, build, createDatabase, dropDatabase, startServer, tail };
