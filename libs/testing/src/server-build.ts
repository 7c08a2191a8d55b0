import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * The production build of this checkout (`npm run build`'s compile step: tsc, then tsc-alias), in a
 * throw-away package directory with the project's own package.json and node_modules, so a test can run
 * the real `npm run start:prod` script against it without touching the checkout's dist/ (which other
 * processes may be using). The console (Vite) is not built: /console answers 503 without it.
 * Returns the package directory. Takes ~30–45 s on two cores.
 */
export function buildServerPackage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sf-build-'));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const out = join(dir, 'dist');
  const bin = (name: string) => join(ROOT, 'node_modules', name, 'bin');
  // tsc's exit code is ignored on purpose: it emits despite type errors, which `npm run typecheck`
  // reports on its own; what matters here is that the entry point was written.
  try {
    execFileSync(
      process.execPath,
      [
        join(bin('typescript'), 'tsc'),
        '-p',
        'tsconfig.build.json',
        '--outDir',
        out,
        '--tsBuildInfoFile',
        join(out, '.tsbuildinfo'),
      ],
      { cwd: ROOT, stdio: 'pipe' },
    );
  } catch {
    // see above
  }
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/tsc-alias/dist/bin/index.js'), '-p', 'tsconfig.build.json', '--outDir', out],
    {
      cwd: ROOT,
      stdio: 'pipe',
    },
  );
  if (!existsSync(join(out, 'apps/api/src/main.js')))
    throw new Error('the server build wrote no entry point');
  return dir;
}
