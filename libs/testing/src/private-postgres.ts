import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/** The directory of PostgreSQL's server programs (initdb, pg_ctl), or null when none is installed. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BINDIR && existsSync(join(process.env.PG_BINDIR, 'pg_ctl')))
    return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/**
 * A PostgreSQL server of the test's own (initdb into a temporary directory, trust authentication, a free
 * loopback port), for the tests that must stop or restart the database — never the machine's shared
 * server. PostgreSQL refuses to run as root, so under root its programs run as the `postgres` user.
 */
export class PrivatePostgres {
  private dir = '';
  port = 0;

  constructor(private readonly bin: string) {}

  /** `postgres://postgres@127.0.0.1:<port>/<database>`. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private run(program: string, args: string[]): string {
    const asRoot = process.getuid?.() === 0;
    const command = asRoot ? 'runuser' : join(this.bin, program);
    const argv = asRoot ? ['-u', 'postgres', '--', join(this.bin, program), ...args] : args;
    return execFileSync(command, argv, { stdio: 'pipe', encoding: 'utf8', cwd: tmpdir() });
  }

  async start(): Promise<this> {
    this.dir = mkdtempSync(join(tmpdir(), 'sf-postgres-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(this.dir, uid, gid);
    }
    this.port = await freePort();
    this.run('initdb', [
      '-D',
      join(this.dir, 'data'),
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    this.pgCtl('start');
    return this;
  }

  private pgCtlArgs(action: 'start' | 'restart' | 'stop', mode: string): string[] {
    return [
      action,
      '-D',
      join(this.dir, 'data'),
      '-m',
      mode,
      '-w',
      '-l',
      join(this.dir, 'server.log'),
      '-o',
      `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off -c max_connections=50`,
    ];
  }

  private pgCtl(action: 'start' | 'restart' | 'stop', mode = 'fast'): void {
    this.run('pg_ctl', this.pgCtlArgs(action, mode));
  }

  /**
   * Restarts the server the way an operator or a failover does (`pg_ctl restart -m fast`): every session
   * is ended with "terminating connection due to administrator command", new connections are refused
   * while it is down, and it accepts connections again when this resolves. The event loop keeps running
   * meanwhile (the application under test lives in this process).
   */
  restart(): Promise<void> {
    const asRoot = process.getuid?.() === 0;
    const program = join(this.bin, 'pg_ctl');
    const args = this.pgCtlArgs('restart', 'fast');
    return new Promise((resolve, reject) =>
      execFile(
        asRoot ? 'runuser' : program,
        asRoot ? ['-u', 'postgres', '--', program, ...args] : args,
        { cwd: tmpdir() },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }

  async stop(): Promise<void> {
    if (!this.dir) return;
    try {
      this.pgCtl('stop', 'immediate');
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
    this.dir = '';
  }
}
