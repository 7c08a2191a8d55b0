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
 *
 * `root`: another source tree to build instead (a previous release's, unpacked by `git archive`), with
 * this checkout's node_modules — for a test that runs the previous release beside a migrated database.
 */
export function buildServerPackage(root = ROOT): string {
  const dir = mkdtempSync(join(tmpdir(), 'sf-build-'));
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  if (root !== ROOT && !existsSync(join(root, 'node_modules')))
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
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
      { cwd: root, stdio: 'pipe' },
    );
  } catch {
    // see above
  }
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/tsc-alias/dist/bin/index.js'), '-p', 'tsconfig.build.json', '--outDir', out],
    {
      cwd: root,
      stdio: 'pipe',
    },
  );
  if (!existsSync(join(out, 'apps/api/src/main.js')))
    throw new Error('the server build wrote no entry point');
  return dir;
}
