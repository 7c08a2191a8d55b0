#!/usr/bin/env node
// `npm start`: build when the compiled server is missing or older than the sources, then run it.
// (The production path is `npm run build && npm run start:prod`, with no compiler at run time.)
const { spawnSync, spawn } = require('node:child_process');
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const os = require('node:os');

const root = join(__dirname, '..');
const entry = join(root, 'dist/apps/api/src/main.js');
// The console (apps/console, built by Vite into dist/console) is part of the build.
const consolePage = join(root, 'dist/console/index.html');
const SOURCE = /\.(ts|tsx|mts|css|html)$/;

function newestSource(dir) {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    if (name.isDirectory()) {
      if (name.name !== 'dist' && name.name !== 'node_modules') newest = Math.max(newest, newestSource(path));
    } else if (SOURCE.test(name.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestSource(join(root, 'apps')),
  newestSource(join(root, 'libs')),
  statSync(join(root, 'package.json')).mtimeMs,
);
// Written after each successful build (tsc's incremental build leaves unchanged outputs' times alone).
const stamp = join(root, 'dist/.build-stamp');
const fresh =
  existsSync(entry) && existsSync(consolePage) && existsSync(stamp) && statSync(stamp).mtimeMs >= sources;
if (!fresh) {
  console.error('Building the server (first start, or sources changed)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

const child = spawn(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', entry],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// This launcher stays in between (it decides whether to build first), so it hands every stop signal to
// the server and waits: the server drains and exits on its own (apps/api/src/shutdown.ts), and the
// launcher exits with the server's code. (package.json runs it with `exec`, so npm's own signal reaches
// this process and not a shell that would die and leave the server orphaned.)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) =>
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0)),
);
