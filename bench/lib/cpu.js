'use strict';
// CPU accounting of a measured run (Linux /proc): how much CPU the server process, the PostgreSQL
// backends serving the benchmark database and this load generator each spent, per request, and how
// busy the whole machine was. CPU per request barely moves when other work shares the machine, unlike
// req/s, so it is the figure to compare between runs on a noisy box.
const { spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { Client } = require('pg');

const available = process.platform === 'linux';
const ticksPerSecond = (() => {
  if (!available) return 100;
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(out.stdout) || 100;
})();

/** user + system CPU of a process in ms, or null when it is gone. */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Busy and total CPU time of the whole machine in ms (all cores). */
function machineCpuMs() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: (busy * 1000) / ticksPerSecond, total: ((busy + idle + iowait) * 1000) / ticksPerSecond };
}

class CpuMeter {
  constructor({ serverPid, adminUrl, databaseName }) {
    this.serverPid = serverPid;
    this.adminUrl = adminUrl;
    this.databaseName = databaseName;
    this.admin = null;
  }

  async backendPids() {
    if (!this.admin) {
      this.admin = new Client({ connectionString: this.adminUrl });
      await this.admin.connect();
    }
    const { rows } = await this.admin.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.databaseName],
    );
    return rows.map((r) => r.pid);
  }

  /** serverPid: the process the run talks to (the service by default; the ceiling server for its rows). */
  async snapshot(serverPid = this.serverPid) {
    if (!available) return null;
    const pids = await this.backendPids();
    const backends = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
    return {
      server: processCpuMs(serverPid),
      backends,
      self: process.cpuUsage(),
      machine: machineCpuMs(),
    };
  }

  /** CPU spent between two snapshots, in µs per request, and the machine's busy share. */
  static diff(before, after, requests) {
    if (!before || !after || !requests) return null;
    let postgres = 0;
    for (const [pid, end] of after.backends) {
      const start = before.backends.get(pid) ?? 0;
      if (end !== null && start !== null) postgres += end - start;
    }
    const server = after.server - before.server;
    const self = (after.self.user - before.self.user + after.self.system - before.self.system) / 1000;
    const busy = after.machine.busy - before.machine.busy;
    const total = after.machine.total - before.machine.total;
    const perRequest = (ms) => (ms * 1000) / requests;
    return {
      serverUs: perRequest(server),
      postgresUs: perRequest(postgres),
      loadGeneratorUs: perRequest(self),
      machineBusy: busy / total,
      // Whatever else ran meanwhile (other test suites…), as a share of the machine.
      otherBusy: Math.max(0, busy - server - postgres - self) / total,
    };
  }

  async close() {
    if (this.admin) await this.admin.end();
  }
}

module.exports = { CpuMeter, processCpuMs };
