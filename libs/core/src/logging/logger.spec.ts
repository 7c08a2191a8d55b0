import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { createLogger, terminalDestination } from './logger';
import { callerLabel } from '../observability/caller-label';

function capture() {
  const lines: Record<string, any>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('createLogger', () => {
  it('puts hostname, pid and the service version on every line', () => {
    const { logger, lines } = capture();
    logger.info('hello');
    logger.child({ context: 'x' }).warn('child');
    for (const line of lines) {
      expect(line).toMatchObject({ hostname: hostname(), pid: process.pid });
      expect(line.version).toMatch(/^\d+\.\d+\.\d+/);
    }
    // Tracing is off in this process: no trace fields, not even empty ones.
    expect(lines[0]).not.toHaveProperty('traceId');
  });

  it("logs an error's code as it is", () => {
    const { logger, lines } = capture();
    logger.warn({ code: 'unavailable', err: { code: 'ECONNREFUSED' } }, 'database unavailable');
    expect(lines[0].code).toBe('unavailable');
    expect(lines[0].err.code).toBe('ECONNREFUSED');
  });

  it('redacts OAuth authorization codes, verifiers, OTPs and tokens where a request could be passed in', () => {
    const { logger, lines } = capture();
    logger.info({
      query: { code: 'auth-code-1', state: 's' },
      body: { code: 'auth-code-2', code_verifier: 'verifier-1', otp: '123456' },
      req: { query: { code: 'auth-code-3' }, body: { code: 'auth-code-4' } },
      token: 'tok-value-1',
      headers: { authorization: 'Bearer abc' },
    });
    const text = JSON.stringify(lines[0]);
    for (const secret of [
      'auth-code-1',
      'auth-code-2',
      'auth-code-3',
      'auth-code-4',
      'verifier-1',
      '123456',
      'tok-value-1',
      'Bearer abc',
    ])
      expect(text).not.toContain(secret);
    expect(lines[0].query.state).toBe('s');
  });
});

describe('callerLabel', () => {
  it('names the caller by kind and id, never by token', () => {
    expect(callerLabel(null)).toBeNull();
    expect(callerLabel({ kind: 'account', accountId: 'a1', sessionId: 's1', jti: 'j1' })).toBe('account:a1');
    expect(callerLabel({ kind: 'app', appId: 'p1', storeId: 'st', scopes: [], jti: 'j2' })).toBe('app:p1');
    expect(callerLabel({ kind: 'public', tokenId: 't1', storeId: 'st', scopes: [] })).toBe('public_token:t1');
  });
});

describe('terminalDestination', () => {
  it('JSON lines in production and whenever stdout is not a terminal (a file, a pipe, a collector)', () => {
    expect(terminalDestination({ production: true }, { isTTY: true })).toBeUndefined();
    expect(terminalDestination({ production: false }, { isTTY: false })).toBeUndefined();
    expect(terminalDestination({ production: false }, {})).toBeUndefined();
  });

  it('readable lines for a person at a terminal in development: time, level, message, fields; no pid or host', () => {
    let out = '';
    const to = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const stream = terminalDestination({ production: false }, { isTTY: true }, to);
    expect(stream).toBeDefined();
    createLogger('info', stream).info(
      { console: 'http://localhost:3000/console' },
      'Storefront API listening',
    );
    // Without its colours (ANSI escape sequences: ESC, "[", parameters, "m").
    const plain = out.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
    expect(plain).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: Storefront API listening\n/);
    expect(plain).toContain('console: "http://localhost:3000/console"');
    expect(plain).not.toContain('"level"');
    expect(plain).not.toContain('hostname');
  });
});
