'use strict';
// A real SMTP server on loopback that receives the server's sign-in mails, so the benchmark can run
// the server with NODE_ENV=production (which requires SMTP_URL) and still sign in through the OTP flow.
const { SMTPServer } = require('smtp-server');
const { simpleParser } = require('mailparser');
const { setTimeout, clearTimeout } = require('node:timers');

class MailCatcher {
  constructor() {
    this.inbox = new Map(); // address → [mail]
    this.waiters = new Map(); // address → [resolve]
    this.server = null;
    this.port = 0;
  }

  async start() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
            const mail = { subject: parsed.subject ?? '', text: parsed.text ?? '' };
            for (const group of to) {
              for (const { address } of group.value) this.deliver((address ?? '').toLowerCase(), mail);
            }
            callback();
          })
          .catch((error) => callback(error));
      },
    });
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = this.server.server.address().port;
    return this;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  deliver(address, mail) {
    const waiting = this.waiters.get(address);
    if (waiting && waiting.length) return waiting.shift()(mail);
    if (!this.inbox.has(address)) this.inbox.set(address, []);
    this.inbox.get(address).push(mail);
  }

  /** The next mail to this address (one not taken before), waiting up to timeoutMs. */
  async next(address, timeoutMs = 15_000) {
    const key = address.toLowerCase();
    const queued = this.inbox.get(key);
    if (queued && queued.length) return queued.shift();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      if (!this.waiters.has(key)) this.waiters.set(key, []);
      this.waiters.get(key).push((mail) => {
        clearTimeout(timer);
        resolve(mail);
      });
    });
  }

  async stop() {
    if (this.server) await new Promise((resolve) => this.server.close(resolve));
  }
}

/** The 6-digit code of a sign-in mail (it is in the subject). */
function otpFrom(mail) {
  const match = /\b(\d{6})\b/.exec(mail.subject) ?? /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail "${mail.subject}"`);
  return match[1];
}

module.exports = { MailCatcher, otpFrom };
