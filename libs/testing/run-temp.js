// The test run's own temporary folder. Every file a run writes to the system temp directory (embedded
// databases, server builds, PgBouncer and PostgreSQL data folders, browser profiles, sockets) goes under
// one folder per run, because global setup points TMPDIR at it before any worker or child process starts
// (os.tmpdir() reads TMPDIR; workers and spawned processes inherit it). Global teardown removes it, and so
// does the first SIGINT/SIGTERM of jest; a run that could do neither (SIGKILL, a crash, a power cut)
// leaves it behind, and the next run's global setup removes it: its name carries the run's process id,
// and a folder whose process is gone belongs to no one. Runs going on at the same time keep theirs.
const { mkdtempSync, chmodSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const PREFIX = 'sf-run-';
let signalsHandled = false;

/** Whether the run that made `name` (`sf-run-<pid>-…`) is still going. */
function runAlive(name) {
  const pid = Number(/^sf-run-(\d+)-/.exec(name)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM'; // someone else's process: alive
  }
  // The id may have been reused since by something else: on Linux, a live run is a jest process.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('jest');
  } catch {
    return true;
  }
}

/** Removes the folders of runs that are over, in `base` (the system temp directory); returns their names. */
function sweepDeadRuns(base) {
  const removed = [];
  let names;
  try {
    names = readdirSync(base);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(PREFIX) || runAlive(name)) continue;
    try {
      rmSync(join(base, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // another run's sweep got there first, or a file is busy: the next run tries again
    }
  }
  return removed;
}

/**
 * Sweeps dead runs' folders, makes this run's (mode 755: the PostgreSQL and PgBouncer the tests start as
 * the `postgres` user must reach their own folders inside it) and points TMPDIR at it.
 */
function enterRunTemp() {
  // The system temp directory, remembered: in watch mode global setup runs again in this process, after
  // TMPDIR was pointed at the previous run's folder (removed by then).
  const base = process.env.SF_RUN_TEMP_BASE || tmpdir();
  process.env.SF_RUN_TEMP_BASE = base;
  sweepDeadRuns(base);
  const dir = mkdtempSync(join(base, `${PREFIX}${process.pid}-`));
  chmodSync(dir, 0o755);
  process.env.SF_RUN_TEMP = dir;
  process.env.TMPDIR = dir;
  if (!signalsHandled) {
    signalsHandled = true;
    const onSignal = (signal) => {
      leaveRunTemp();
      // Then the default action, as if nothing had listened.
      process.kill(process.pid, signal);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return dir;
}

function leaveRunTemp() {
  const dir = process.env.SF_RUN_TEMP;
  if (!dir) return;
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // still in use (a child process writing): the next run's sweep removes it
  }
}

module.exports = { enterRunTemp, leaveRunTemp, sweepDeadRuns, runAlive, PREFIX };
