import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives, for the tests to read. */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private waiters: { match: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }[] = [];
  private server!: SMTPServer;
  port = 0;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
            const mail: CaughtMail = {
              to: toField.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())),
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            };
            this.messages.push(mail);
            this.waiters = this.waiters.filter((w) => (w.match(mail) ? (w.resolve(mail), false) : true));
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The next mail to this address that arrives after `since` messages (default: any not yet taken). */
  waitFor(to: string, timeoutMs = 10_000): Promise<CaughtMail> {
    const address = to.toLowerCase();
    const match = (m: CaughtMail) => m.to.includes(address);
    const taken = this.taken.get(address) ?? 0;
    const already = this.messages.filter(match);
    if (already.length > taken) {
      this.taken.set(address, taken + 1);
      return Promise.resolve(already[taken]);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          this.taken.set(address, (this.taken.get(address) ?? 0) + 1);
          resolve(m);
        },
      });
    });
  }

  private readonly taken = new Map<string, number>();

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The 6-digit code of a sign-in mail (it is in the subject and in the text). */
export function otpFrom(mail: CaughtMail): string {
  const match = /\b(\d{6})\b/.exec(mail.subject);
  if (!match) throw new Error(`no code in mail subject "${mail.subject}"`);
  return match[1];
}
