import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { otpFrom } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

// A sign-in waits on the SMTP server. One that accepts the connection and never answers costs at most
// 10 s, then 503 mail_unavailable with Retry-After; one that hangs up answers the same at once. The
// code of a failed send is discarded, so asking again is never 429 for a mail that never left; the
// outage is logged once when it starts and once when it ends.

type Mode = 'silent' | 'hang-up' | 'pass';

/** An SMTP endpoint whose behaviour the test switches: silent, hanging up, or passing to a real SMTP server. */
class SmtpNeighbour {
  mode: Mode = 'silent';
  upstreamPort = 0;
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((client) => {
      this.track(client);
      if (this.mode === 'hang-up') return client.destroy();
      if (this.mode === 'silent') return; // accepted; never a greeting
      const upstream = new Socket();
      this.track(upstream);
      upstream.connect(this.upstreamPort, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  get openConnections(): number {
    return this.sockets.size;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('sign-in mail when the SMTP server fails', () => {
  let t: TestApp;
  let smtp: SmtpNeighbour;
  const logged: string[] = [];
  const lines = (msg: string) => logged.filter((line) => JSON.parse(line).msg === msg);

  const timedLogin = async (email: string) => {
    const started = Date.now();
    const res = await t.post('/v1/auth/login', { email });
    return { res, seconds: (Date.now() - started) / 1000 };
  };

  beforeAll(async () => {
    smtp = await new SmtpNeighbour().start();
    t = await TestApp.start({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        // A real cooldown: a failed send must not start it.
        OTP_RESEND_AFTER: '60',
        LOG_LEVEL: 'info',
      },
      logDestination: { write: (line) => logged.push(line) },
    });
    // When it passes, the SMTP neighbour forwards to the app's own real mail catcher.
    smtp.upstreamPort = t.mail.port;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('a server that accepts and never answers: 503 mail_unavailable with Retry-After after 10 s, not 30', async () => {
    smtp.mode = 'silent';
    const { res, seconds } = await timedLogin('silent@example.com');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('mail_unavailable');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(seconds).toBeGreaterThanOrEqual(9.5);
    expect(seconds).toBeLessThan(11.5);
  }, 20_000);

  // nodemailer waits about 1 s after an unexpected close before it reports the failure.
  it('a server that hangs up: 503 at once; asking again is not held back by the resend cooldown', async () => {
    smtp.mode = 'hang-up';
    for (let i = 0; i < 3; i++) {
      const { res, seconds } = await timedLogin('hangup@example.com');
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 503, code: 'mail_unavailable' });
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(seconds).toBeLessThan(3);
    }
    // The silent server's connection was not left open behind the abandoned send (nodemailer's own
    // greeting timeout, the same 10 s, closes it a moment after the answer went out).
    for (let i = 0; i < 40 && smtp.openConnections > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.openConnections).toBe(0);
  });

  it('the outage is logged once, the recovery once, and sign-in works again without a restart', async () => {
    expect(lines('smtp unavailable')).toHaveLength(1);
    expect(lines('smtp available again')).toHaveLength(0);
    smtp.mode = 'pass';
    const login = await t.post('/v1/auth/login', { email: 'hangup@example.com' });
    expect(login.status).toBe(202);
    const otp = otpFrom(await t.mail.waitFor('hangup@example.com'));
    const verified = await t.post('/v1/auth/login/verify', { email: 'hangup@example.com', otp });
    expect(verified.status).toBe(200);
    expect(lines('smtp available again')).toHaveLength(1);
    // Now the cooldown applies: a code did go out.
    const again = await t.post('/v1/auth/login', { email: 'hangup@example.com' });
    expect(again.status).toBe(429);
    // Failed sends were not logged one line each, and never as a crash.
    expect(logged.filter((line) => /unhandled error|sign-in mail failed/.test(line))).toEqual([]);
  });
});
