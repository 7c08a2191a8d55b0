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
 * Builds the console and the SDK's single-file module (Vite, as `npm run build` does) when either is
 * missing or older than the console's sources or the SDK's, so the browser tests always run this checkout.
 */
export function ensureConsoleBuilt(): void {
  const sources = Math.max(newest(join(ROOT, 'apps', 'console')), newest(join(ROOT, 'libs', 'sdk', 'src')));
  const built = (file: string) => existsSync(file) && statSync(file).mtimeMs >= sources;
  if (built(join(CONSOLE_DIST, 'index.html')) && built(join(CONSOLE_DIST, 'sdk', 'storefront-sdk.js')))
    return;
  // As `npm run build:console`: the console, then the SDK's single-file module beside it.
  for (const config of ['apps/console/vite.config.mts', 'apps/console/vite.sdk.config.mts']) {
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', config],
      // jest runs with NODE_ENV=test, which would make Vite bundle React's development build.
      { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
    );
  }
}
