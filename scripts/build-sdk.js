#!/usr/bin/env node
// `npm run sdk:pack`: builds libs/sdk (ES modules, CommonJS, type declarations) into libs/sdk/dist and
// writes its npm tarball to dist/sdk/. The SDK has no runtime dependencies; the build uses the
// project's own compilers (swc for the JavaScript, tsc for the declarations).
const { transformFileSync } = require('@swc/core');
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const sdk = join(root, 'libs/sdk');
const src = join(sdk, 'src');
const out = join(sdk, 'dist');
const packs = join(root, 'dist/sdk');

// What the tarball must carry besides the build, and the version the SDK announces (User-Agent).
for (const file of ['README.md', 'LICENSE', 'CHANGELOG.md']) {
  if (!existsSync(join(sdk, file))) throw new Error(`libs/sdk/${file} is missing`);
}
const { version } = JSON.parse(readFileSync(join(sdk, 'package.json'), 'utf8'));
if (!readFileSync(join(src, 'version.ts'), 'utf8').includes(`'${version}'`)) {
  throw new Error(`libs/sdk/src/version.ts does not say ${version} (libs/sdk/package.json)`);
}
if (!readFileSync(join(sdk, 'CHANGELOG.md'), 'utf8').includes(`## ${version}`)) {
  throw new Error(`libs/sdk/CHANGELOG.md has no entry for ${version}`);
}

rmSync(out, { recursive: true, force: true });
const sources = readdirSync(src).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
for (const [format, type] of [
  ['esm', 'es6'],
  ['cjs', 'commonjs'],
]) {
  mkdirSync(join(out, format), { recursive: true });
  for (const file of sources) {
    const { code } = transformFileSync(join(src, file), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type },
      sourceMaps: false,
    });
    // Node's ES module loader needs the `.js` of relative imports (the sources, read by tsc and jest, omit it).
    const js =
      format === 'esm' ? code.replace(/(from\s+['"])(\.{1,2}\/[^'"]+?)(?<!\.js)(['"])/g, '$1$2.js$3') : code;
    writeFileSync(join(out, format, file.replace(/\.ts$/, '.js')), js);
  }
}
// Each format folder says how its .js files are to be read, whatever the package's own "type".
writeFileSync(join(out, 'esm/package.json'), '{ "type": "module" }\n');
writeFileSync(join(out, 'cjs/package.json'), '{ "type": "commonjs" }\n');
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(sdk, 'tsconfig.json')], {
  stdio: 'inherit',
});

rmSync(packs, { recursive: true, force: true });
mkdirSync(packs, { recursive: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tarball = execFileSync(npm, ['pack', sdk, '--pack-destination', packs, '--silent'], {
  cwd: root,
  encoding: 'utf8',
}).trim();
console.log(join(packs, tarball.split('\n').pop()));
