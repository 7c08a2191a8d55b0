import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
export const CONSOLE_DIST = join(ROOT, 'dist', 'console');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Builds the console (Vite, as `npm run build` does) when dist/console is missing or older than its
 * sources or the SDK's, so the browser tests always run the console of this checkout.
 */
export function ensureConsoleBuilt(): void {
  const page = join(CONSOLE_DIST, 'index.html');
  const sources = Math.max(newest(join(ROOT, 'apps', 'console')), newest(join(ROOT, 'libs', 'sdk', 'src')));
  if (existsSync(page) && statSync(page).mtimeMs >= sources) return;
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'apps/console/vite.config.mts',
    ],
    // jest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
  );
}
