import { ChildProcess, spawn, StdioOptions } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** A loopback port nobody listens on right now (the OS picks it; the probe is closed again). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A source entry point of this checkout (apps/api/src/main.ts, apps/api/src/migrate.ts) as its own
 * process, through ts-node as `npm start` would run it built. The child sees only PATH, the ts-node
 * project and the given variables: nothing of the test runner's environment leaks into its config.
 */
export function spawnEntry(
  entry: string,
  env: Record<string, string>,
  stdio: StdioOptions = 'pipe',
): ChildProcess {
  return spawn(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      '-r',
      'tsconfig-paths/register',
      '--experimental-vm-modules',
      '--no-warnings',
      entry,
    ],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH!, TS_NODE_PROJECT: 'tsconfig.json', ...env },
      stdio,
    },
  );
}

/** Polls GET /health/ready until it answers 200; throws after `timeoutMs`. */
export async function waitReady(base: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${base} not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
