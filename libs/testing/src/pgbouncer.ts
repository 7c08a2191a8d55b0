import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

export interface PgBouncerOptions {
  /** The PostgreSQL server behind it (host, port and user are taken from this URL). */
  serverUrl: string;
  /** `transaction` (the default: what breaks named prepared statements), `session` or `statement`. */
  poolMode?: 'transaction' | 'session' | 'statement';
  /** Server connections per database/user pair (default 2, so statements hop between them). */
  poolSize?: number;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

/**
 * A real PgBouncer (Debian's package) in front of the test PostgreSQL server, on a free loopback port,
 * configured in a temporary directory: pool_mode=transaction by default, trust authentication (the
 * test server trusts loopback too). PgBouncer refuses to run as root, so under root it is started with
 * `-u postgres` and its directory is handed to that user.
 *
 * Its `ignore_startup_parameters` is the usual stock list (`extra_float_digits,options`): PgBouncer
 * refuses a client whose startup packet carries any other parameter it does not track — the service's
 * `statement_timeout` among them — and the service must cope with that as it is.
 */
export class PgBouncer {
  private process: ChildProcess | null = null;
  private dir = '';
  port = 0;

  constructor(private readonly options: PgBouncerOptions) {}

  /** `postgres://…` of `database` through this PgBouncer. */
  url(database: string): string {
    const server = new URL(this.options.serverUrl);
    return `postgres://${server.username || 'postgres'}@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<this> {
    const server = new URL(this.options.serverUrl);
    const user = decodeURIComponent(server.username || 'postgres');
    this.dir = mkdtempSync(join(tmpdir(), 'sf-pgbouncer-'));
    this.port = await freePort();
    const ini = join(this.dir, 'pgbouncer.ini');
    writeFileSync(join(this.dir, 'userlist.txt'), `"${user}" ""\n`);
    writeFileSync(
      ini,
      [
        '[databases]',
        // Any database name the client asks for, on the same server.
        `* = host=${server.hostname} port=${server.port || 5432}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${this.port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(this.dir, 'userlist.txt')}`,
        `pool_mode = ${this.options.poolMode ?? 'transaction'}`,
        `default_pool_size = ${this.options.poolSize ?? 2}`,
        'max_client_conn = 500',
        // Debian's and most guides' list: startup parameters PgBouncer drops instead of refusing the client.
        'ignore_startup_parameters = extra_float_digits,options',
        `logfile = ${join(this.dir, 'pgbouncer.log')}`,
        `pidfile = ${join(this.dir, 'pgbouncer.pid')}`,
        `admin_users = ${user}`,
        '',
      ].join('\n'),
    );
    const args = [ini];
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(this.dir, uid, gid);
      for (const f of ['pgbouncer.ini', 'userlist.txt']) chownSync(join(this.dir, f), uid, gid);
      chmodSync(this.dir, 0o700);
      args.unshift('-u', 'postgres');
    }
    const child = spawn(PGBOUNCER_BIN, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.process = child;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) break;
      if (await canConnect(this.port)) return this;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const log = this.log();
    await this.stop();
    throw new Error(`pgbouncer did not start: ${stderr}\n${log}`);
  }

  /** PgBouncer's own log (connections, errors), for a failing test's message. */
  log(): string {
    try {
      return readFileSync(join(this.dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT'); // immediate shutdown
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 3000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
