#!/usr/bin/env node
// `npm start`: build when the compiled server is missing or older than the sources, then run it.
// (The production path is `npm run build && npm run start:prod`, with no compiler at run time.)
const { spawnSync, spawn } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const entry = join(root, 'dist/apps/api/src/main.js');

function newestSource(dir) {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    if (name.isDirectory()) {
      if (name.name !== 'dist' && name.name !== 'node_modules') newest = Math.max(newest, newestSource(path));
    } else if (name.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestSource(join(root, 'apps')),
  newestSource(join(root, 'libs')),
  statSync(join(root, 'package.json')).mtimeMs,
);
if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
  console.error('Building the server (first start, or sources changed)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const child = spawn(
  process.execPath,
  ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', entry],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
