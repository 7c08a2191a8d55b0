import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const { sweepDeadRuns } = require('../run-temp') as { sweepDeadRuns: (base: string) => string[] };

const RUN_TEMP = join(__dirname, '..', 'run-temp.js');

/** The test run's temporary folder (run-temp.js): one per run, gone after it however it ended. */
describe('the test run temporary folder', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'sf-run-temp-spec-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it("sweeps the folders of runs whose process is gone, and keeps live runs' and other folders", () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    mkdirSync(join(base, `sf-run-${dead}-abc123`));
    writeFileSync(join(base, `sf-run-${dead}-abc123`, 'data'), 'x');
    // This jest process is a live run.
    mkdirSync(join(base, `sf-run-${process.pid}-def456`));
    mkdirSync(join(base, 'sf-other-thing'));
    expect(sweepDeadRuns(base)).toEqual([`sf-run-${dead}-abc123`]);
    expect(readdirSync(base).sort()).toEqual(['sf-other-thing', `sf-run-${process.pid}-def456`]);
  });

  it.each(['SIGINT', 'SIGTERM'])(
    'points TMPDIR at its own folder and removes it on %s, then dies of the signal',
    async (signal) => {
      // A stand-in for jest's main process: enters the run folder, writes there as a test would, waits.
      const child = spawn(
        process.execPath,
        [
          '-e',
          `const { enterRunTemp } = require(${JSON.stringify(RUN_TEMP)});
           const dir = enterRunTemp();
           const os = require('node:os');
           require('node:fs').mkdtempSync(require('node:path').join(os.tmpdir(), 'sf-test-'));
           console.log(dir + ' ' + os.tmpdir());
           setInterval(() => undefined, 1000);`,
        ],
        {
          env: { ...process.env, TMPDIR: base, SF_RUN_TEMP_BASE: '', SF_RUN_TEMP: '' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const line = await new Promise<string>((resolve) =>
        child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())),
      );
      const [dir, seen] = line.split(' ');
      expect(dir.startsWith(join(base, `sf-run-${child.pid}-`))).toBe(true);
      expect(seen).toBe(dir);
      expect(readdirSync(dir)[0]).toMatch(/^sf-test-/);
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, by) => resolve(by)),
      );
      child.kill(signal as NodeJS.Signals);
      expect(await exited).toBe(signal);
      expect(existsSync(dir)).toBe(false);
    },
  );
});
