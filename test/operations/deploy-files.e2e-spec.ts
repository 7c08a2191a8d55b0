import { loadConfig } from '@app/core';
import { TestApp } from '@app/testing/test-app';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The files under deploy/ that docs/deployment.md tells an operator to use: the container image
 * (deploy/Dockerfile) and the systemd unit (deploy/storefront.service). No container engine runs on the
 * machines these tests run on, so the Dockerfile is read and checked here, instruction by instruction,
 * against what the project really does (its scripts, its port, its health route) — and built only when
 * `docker info` answers. Its health check command is run for real, against a server.
 */
const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  engines: { node: string };
};

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments dropped, split into stages. */
function dockerfileStages(text: string): Instruction[][] {
  const logical: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    const continued = /\\\s*$/.test(line);
    current += (current ? ' ' : '') + line.replace(/\\\s*$/, '').trim();
    if (!continued) {
      if (current.trim()) logical.push(current.trim());
      current = '';
    }
  }
  const stages: Instruction[][] = [];
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages[stages.length - 1].push(instruction);
  }
  return stages;
}

const all = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword);
const one = (stage: Instruction[], keyword: string) => {
  const found = all(stage, keyword);
  expect(found).toHaveLength(1);
  return found[0].args;
};

describe('deploy/Dockerfile', () => {
  const stages = dockerfileStages(read('deploy/Dockerfile'));
  const [build, runtime] = [stages[0], stages[stages.length - 1]];

  it('builds in a stage of its own from `npm ci` and `npm run build`, on the Node the project needs', () => {
    expect(stages).toHaveLength(2);
    const engine = Number(/>=\s*(\d+)/.exec(pkg.engines.node)![1]);
    for (const stage of stages) {
      const image = stage[0].args.split(/\s+/)[0];
      expect(Number(/^node:(\d+)/.exec(image)?.[1])).toBeGreaterThanOrEqual(engine);
    }
    const steps = build.map((i) => `${i.keyword} ${i.args}`);
    const at = (pattern: RegExp) => steps.findIndex((step) => pattern.test(step));
    // The lock file first (a layer that changes only with the dependencies), then the exact install.
    expect(at(/^COPY package\.json package-lock\.json \.\/$/)).toBeGreaterThan(-1);
    expect(at(/^RUN npm ci\b/)).toBeGreaterThan(at(/^COPY package\.json package-lock\.json/));
    expect(at(/^COPY \. \.$/)).toBeGreaterThan(at(/^RUN npm ci\b/));
    expect(at(/^RUN npm run build\b/)).toBeGreaterThan(at(/^COPY \. \.$/));
    expect(pkg.scripts.build).toBeDefined();
    // Development dependencies stay in the build stage.
    expect(at(/npm prune --omit=dev/)).toBeGreaterThan(-1);
  });

  it('runs the build with `npm run start:prod`, as a user other than root', () => {
    expect(JSON.parse(one(runtime, 'CMD'))).toEqual(['npm', 'run', 'start:prod']);
    // The script execs node, so the container's SIGTERM reaches the server.
    expect(pkg.scripts['start:prod']).toMatch(/^exec node .*dist\/apps\/api\/src\/main\.js$/);
    expect(one(runtime, 'STOPSIGNAL')).toBe('SIGTERM');
    const user = one(runtime, 'USER');
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    // What runs is copied from the build stage: dist/ (which `npm run build` writes) and the run-time
    // dependencies; no source.
    const copies = all(runtime, 'COPY').map((i) => i.args);
    expect(copies).toEqual(expect.arrayContaining(['--from=build /app/dist ./dist']));
    expect(copies.every((args) => args.startsWith('--from=build '))).toBe(true);
  });

  it('exposes the port it listens on and health-checks the liveness route there', () => {
    const env = one(runtime, 'ENV');
    const port = /\bPORT=(\d+)/.exec(env)![1];
    expect(one(runtime, 'EXPOSE')).toBe(port);
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    // The container listens on every interface of its own network namespace.
    expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/);
    const healthcheck = one(runtime, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/\/health\/live/);
    expect(read('docs/routes.md')).toMatch(/\| GET \| `\/health\/live`/);
    expect(healthcheck).toMatch(/process\.env\.PORT\|\|3000/);
  });

  it('keeps the checkout’s installed and built files out of the build context', () => {
    const ignored = read('deploy/Dockerfile.dockerignore')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', 'data']));
  });

  it('its health check command answers 0 while the server is live and 1 when nothing answers', async () => {
    const healthcheck = one(runtime, 'HEALTHCHECK');
    const command = JSON.parse(/CMD\s+(\[.*\])$/.exec(healthcheck)![1]) as string[];
    expect(command[0]).toBe('node');
    // Asynchronously: the server answering it runs in this process.
    const run = (port: number) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, command.slice(1), {
          env: { PATH: process.env.PATH!, PORT: String(port) },
          stdio: 'ignore',
        });
        child.on('exit', (code) => resolve(code));
      });
    const t = await TestApp.start();
    const port = Number(new URL(t.baseUrl).port);
    try {
      expect(await run(port)).toBe(0);
    } finally {
      await t.close();
    }
    expect(await run(port)).toBe(1);
  }, 120_000);

  const docker = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  if (!docker) {
    process.stderr.write(
      'skipped: building deploy/Dockerfile needs a container engine (`docker info` does not answer); it was checked line by line\n',
    );
  }
  (docker ? it : it.skip)(
    'builds with docker',
    () => {
      const built = spawnSync('docker', ['build', '-f', 'deploy/Dockerfile', '-t', 'storefront-test', '.'], {
        cwd: root,
        stdio: 'inherit',
      });
      expect(built.status).toBe(0);
    },
    1_800_000,
  );
});

describe('deploy/storefront.service', () => {
  const unit = read('deploy/storefront.service');
  const value = (key: string) => {
    const found = [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]);
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('starts the build the way `npm run start:prod` does, as a user other than root', () => {
    const start = pkg.scripts['start:prod'].replace(/^exec node /, '');
    expect(value('ExecStart')).toBe(`/usr/bin/node ${start}`);
    expect(value('User')).not.toMatch(/^(root|0)$/);
    expect(value('Restart')).toBe('on-failure');
  });

  it('stops with SIGTERM and waits longer than a drain may take', () => {
    expect(value('KillSignal')).toBe('SIGTERM');
    const defaults = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), OTP_PEPPER: 'y'.repeat(32) });
    expect(Number(value('TimeoutStopSec'))).toBeGreaterThan(
      defaults.shutdownDelay + defaults.shutdownTimeout,
    );
  });

  const analyze = '/usr/bin/systemd-analyze';
  (existsSync(analyze) ? it : it.skip)('is a unit systemd reads without a warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-unit-'));
    try {
      copyFileSync(join(root, 'deploy/storefront.service'), join(dir, 'storefront.service'));
      const verified = spawnSync(analyze, ['verify', join(dir, 'storefront.service')], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(verified.status).toBe(0);
      expect(verified.stderr.trim()).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
