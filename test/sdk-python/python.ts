import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { join } from 'node:path';

/** Shared by the Python SDK's specs: where it lives and how to run Python as a child process. */

export const ROOT = join(__dirname, '..', '..');
export const SDK_PYTHON = join(ROOT, 'libs/sdk-python');

/** The interpreter the tests run under (`PYTHON` overrides; any Python ≥ 3.10). */
export const PYTHON = process.env.PYTHON || 'python3';
/**
 * Debian's interpreter, with `python3-wheel`, `python3-venv` and `python3-mypy` from apt (`.ci/run`
 * installs them): what packaging and type-checking need, since no Python package index is reachable.
 */
export const SYSTEM_PYTHON = process.env.SYSTEM_PYTHON || '/usr/bin/python3';

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved as they came. */
  output: string;
}

/**
 * Runs a command to its end without blocking the event loop (the server under test runs in this
 * process and must keep answering). Its stdin is closed unless `interact` answers what it asks. Its environment is only what is given plus PATH and HOME, so
 * nothing of the runner's (a proxy variable, a PYTHONPATH) changes what it does. Killed after
 * `timeoutMs`.
 */
export function run(
  command: string,
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string>;
    timeoutMs?: number;
    /** Answers the command's prompts: called with its whole stdout so far after each chunk, and its stdin. */
    interact?: (stdout: string, stdin: Writable) => void;
  } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        PYTHONDONTWRITEBYTECODE: '1',
        PYTHONUNBUFFERED: '1',
        PYTHONIOENCODING: 'utf-8',
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Nothing to answer: stdin at its end at once, so a prompt reads EOF instead of waiting.
    if (!options.interact) child.stdin.end();
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      output += chunk;
      options.interact?.(stdout, child.stdin);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, output });
    });
  });
}

/** Throws with the command's whole output unless it exited 0. */
export function expectSuccess(result: Run, what: string): Run {
  if (result.code !== 0) {
    throw new Error(
      `${what} failed (exit ${result.code ?? result.signal}):\n${result.output || '(no output)'}`,
    );
  }
  return result;
}
