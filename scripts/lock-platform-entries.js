#!/usr/bin/env node
// Keeps `npm ci` working on these machines. Their npm registry mirror holds only the Linux builds of
// packages that ship one optional binary package per platform (@swc/core-*, jest's
// @unrs/resolver-binding-*). `npm install` therefore leaves the other platforms' entries out of
// package-lock.json, and `npm ci` then refuses the lock file as out of sync ("Missing: … from lock file").
// This adds the missing entries with their os/cpu, so npm ci skips them as foreign platforms without
// fetching anything. Run it after any `npm install` that rewrites package-lock.json.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const file = join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openharmony',
  'sunos',
  'netbsd',
  'openbsd',
  'aix',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/node_modules/${name}`]) continue;
    const base = name.split('/').pop();
    const os = OS.find((o) => base.includes(`-${o}`));
    const cpu = CPU.find((c) => new RegExp(`-${c}(-|$)`).test(base));
    if (!os && !cpu) continue; // not a per-platform binary: leave it to npm
    packages[key] = {
      version,
      resolved: `https://registry.npmjs.org/${name}/-/${base}-${version}.tgz`,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
    };
    added++;
  }
}
// npm's own order (@npmcli/arborist sorts with the 'en' locale collation, which is not code-point order:
// "string_decoder" comes before "string-length"); any other order is rewritten by the next `npm install`.
const compare = new Intl.Collator('en').compare;
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : compare(a, b))),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
