import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, openSocket, serverUrl, TestDatabase, buildServerPackage } from '@app/testing';

/**
 * `npm run start:prod` as a container runtime runs it (PID 1 of the container is npm): SIGTERM sent to
 * npm's own pid must reach the server, which drains and exits 0 — no node process left behind. npm
 * forwards the signal to the script's process; with `sh -c node …` that process was the shell, which
 * died and left the server orphaned and undrained, so the script `exec`s node.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `promise`, failing with `what` and the server's output so far if it takes longer than `ms`. */
async function within<T>(ms: number, what: string, output: () => string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: not within ${ms} ms; output so far:\n${output()}`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function parentOf(pid: number): number {
  // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces, so split after the last ')'.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

describe('npm run start:prod', () => {
  let pkg: string;
  let dataDir: string;
  let db: TestDatabase | null = null;
  let npm: ChildProcess | null = null;
  let serverPid = 0;

  beforeAll(async () => {
    pkg = buildServerPackage();
    dataDir = mkdtempSync(join(tmpdir(), 'sf-prod-'));
    const server = serverUrl();
    if (server) db = await createTestDatabase(server);
  }, 180_000);

  afterAll(async () => {
    if (npm?.exitCode === null) npm.kill('SIGKILL');
    if (serverPid && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pkg, { recursive: true, force: true });
  });

  it('passes SIGTERM to the server, which drains (readiness 503, in-flight request answered) and exits 0 with no orphan', async () => {
    const port = 30_000 + Math.floor(Math.random() * 20_000);
    const base = `http://127.0.0.1:${port}`;
    npm = spawn('npm', ['run', '--silent', 'start:prod'], {
      cwd: pkg,
      env: {
        PATH: process.env.PATH!,
        HOME: process.env.HOME ?? tmpdir(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        OTP_PEPPER: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'info',
        SHUTDOWN_DELAY: '2',
        SHUTDOWN_TIMEOUT: '10',
        ...(db ? { DATABASE_URL: db.url } : {}),
      },
    });
    let out = '';
    npm.stdout!.on('data', (d) => (out += d));
    npm.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      npm!.on('exit', (code, signal) => resolve({ code, signal })),
    );
    // A loaded CI machine (three jest workers on two cores) may take a minute to start it: migrations run first.
    const started = Date.now();
    while (
      !out.includes('Storefront API listening') &&
      npm.exitCode === null &&
      Date.now() - started < 150_000
    ) {
      await sleep(100);
    }
    if (!out.includes('Storefront API listening')) {
      throw new Error(
        `not listening after ${Date.now() - started} ms (npm exit ${npm.exitCode}); output:\n${out}`,
      );
    }
    const listening = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'Storefront API listening');
    serverPid = listening.pid;
    // The server is the script's own process: npm's child, with no shell in between.
    expect(parentOf(serverPid)).toBe(npm.pid);

    // A request in flight across the shutdown: headers sent, the body held back.
    const body = JSON.stringify({ email: 'prod-drain@example.com' });
    const inFlight = await openSocket(base);
    inFlight.socket.write(
      `POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 3)}`,
    );
    await sleep(100);

    process.kill(npm.pid!, 'SIGTERM');
    // The signal reached the server: readiness fails within moments, while it still serves.
    let ready = 0;
    for (let i = 0; i < 20; i++) {
      ready = (await fetch(`${base}/health/ready`)).status;
      if (ready === 503) break;
      await sleep(50);
    }
    expect(ready).toBe(503);
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    await sleep(2300); // past SHUTDOWN_DELAY: no longer accepting, still draining
    inFlight.socket.write(body.slice(3));
    expect(await within(20_000, 'the in-flight request closing', () => out, inFlight.closed)).toBe('closed');
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 202 /);
    expect(inFlight.received()).toMatch(/\r\nconnection: close\r\n/i);

    expect(await within(20_000, 'npm exiting after SIGTERM', () => out, exited)).toEqual({
      code: 0,
      signal: null,
    });
    for (let i = 0; i < 20 && alive(serverPid); i++) await sleep(50);
    expect(alive(serverPid)).toBe(false);
    expect(out).toContain('shut down cleanly');
  }, 240_000);
});
