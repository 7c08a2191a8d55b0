import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerPackage } from './server-build';
import { freePort, waitReady } from './server-process';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * The release before a migration, running beside the current application on its (migrated) database: the
 * source just before the commit that added `migration` (git archive of it), built as production builds
 * it, started with migrations off and the given secrets (so an app's client secret and a public token
 * work on both). `log` holds what it printed; `stop()` ends it and removes its files.
 */
export async function startPreviousRelease(
  migration: string,
  databaseUrl: string,
  secrets: Record<string, string>,
): Promise<{ base: string; log: () => string; stop: () => Promise<void> }> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const added = git('log', '--diff-filter=A', '--format=%H', '--', migration).split('\n').pop()!;
  const source = mkdtempSync(join(tmpdir(), 'sf-previous-'));
  execFileSync('sh', ['-c', `git archive ${added}^ | tar -x -C "${source}"`], { cwd: ROOT });
  const pkg = buildServerPackage(source);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const previous: ChildProcess = spawn(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings', join(pkg, 'dist/apps/api/src/main.js')],
    {
      cwd: pkg,
      env: {
        PATH: process.env.PATH!,
        HOME: process.env.HOME ?? tmpdir(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        MIGRATIONS_RUN: 'false',
        WEBHOOK_DELIVERY: 'false',
        LOG_LEVEL: 'warn',
        ...secrets,
      },
    },
  );
  previous.stdout!.on('data', (d) => (log += d));
  previous.stderr!.on('data', (d) => (log += d));
  await waitReady(base, 120_000);
  return {
    base,
    log: () => log,
    stop: async () => {
      if (previous.exitCode === null) {
        const exited = new Promise((resolve) => previous.on('exit', resolve));
        previous.kill('SIGTERM');
        await exited;
      }
      rmSync(pkg, { recursive: true, force: true });
      rmSync(source, { recursive: true, force: true });
    },
  };
}
