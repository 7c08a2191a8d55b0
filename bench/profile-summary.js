#!/usr/bin/env node
'use strict';
// Summarises a V8 .cpuprofile (as written by `npm run bench -- --cpu-prof`): where the server's CPU
// went, by package / area and by function (self time), and the inclusive time of chosen functions.
//   node bench/profile-summary.js <file.cpuprofile> [--top=25] [--requests=N] [--match=regex]
// --requests=N (the measured run's request count) adds a µs-per-request column.
const { readFileSync } = require('node:fs');

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const option = (name, fallback) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
if (!file) {
  console.error(
    'usage: node bench/profile-summary.js <file.cpuprofile> [--top=25] [--requests=N] [--match=regex]',
  );
  process.exit(2);
}
const top = Number(option('top', 25));
const requests = Number(option('requests', 0));
const match = option('match', null);

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node from the samples and their time deltas (µs).
const self = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});

function area(frame) {
  const url = frame.url || '';
  if (!url) {
    if (['(idle)', '(program)', '(garbage collector)'].includes(frame.functionName))
      return frame.functionName;
    return '(native)';
  }
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const dist = url.indexOf('/dist/');
  if (dist >= 0)
    return (
      'app:' +
      url
        .slice(dist + 6)
        .split('/')
        .slice(0, 2)
        .join('/')
    );
  return url.replace(/^file:\/\//, '');
}

const label = (frame) => {
  const url = (frame.url || '').replace(/^file:\/\//, '');
  const short = url.includes('node_modules/')
    ? url.slice(url.lastIndexOf('node_modules/') + 13)
    : url.replace(/^.*\/dist\//, 'dist/');
  return `${frame.functionName || '(anonymous)'} ${short}:${frame.lineNumber + 1}`;
};

const byArea = new Map();
const byFunction = new Map();
for (const [id, us] of self) {
  const frame = nodes.get(id).callFrame;
  const a = area(frame);
  byArea.set(a, (byArea.get(a) ?? 0) + us);
  const f = label(frame);
  byFunction.set(f, (byFunction.get(f) ?? 0) + us);
}

const idle = byArea.get('(idle)') ?? 0;
const busy = total - idle;
const fmt = (us) => {
  const share = `${((us / busy) * 100).toFixed(1).padStart(5)} %`;
  const per = requests ? `  ${(us / requests).toFixed(1).padStart(7)} µs/req` : '';
  return `${share}  ${(us / 1000).toFixed(0).padStart(7)} ms${per}`;
};

console.log(
  `${file}\n  ${(total / 1e6).toFixed(2)} s profiled, ${(busy / 1e6).toFixed(2)} s busy (shares below are of busy time)` +
    (requests ? `, ${requests} requests → ${(busy / requests).toFixed(1)} µs CPU per request` : ''),
);
console.log('\nBy package / area (self time):');
for (const [a, us] of [...byArea]
  .filter(([a]) => a !== '(idle)')
  .sort((x, y) => y[1] - x[1])
  .slice(0, top)) {
  console.log(`  ${fmt(us)}  ${a}`);
}
console.log('\nBy function (self time):');
for (const [f, us] of [...byFunction].sort((x, y) => y[1] - x[1]).slice(0, top))
  console.log(`  ${fmt(us)}  ${f}`);

if (match) {
  // Inclusive time of every function whose label matches: samples with such a frame on their stack.
  const re = new RegExp(match);
  const inclusive = new Map();
  for (const [id, us] of self) {
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const f = label(nodes.get(cur).callFrame);
      if (re.test(f) && !seen.has(f)) {
        seen.add(f);
        inclusive.set(f, (inclusive.get(f) ?? 0) + us);
      }
    }
  }
  console.log(`\nInclusive time of functions matching /${match}/ (synchronous part only):`);
  for (const [f, us] of [...inclusive].sort((x, y) => y[1] - x[1]).slice(0, top))
    console.log(`  ${fmt(us)}  ${f}`);
}
