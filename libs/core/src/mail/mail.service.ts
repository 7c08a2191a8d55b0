import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../config/config';
import { DependencyMonitor, Dependencies } from '../health/dependencies';
import { APP_LOGGER } from '../logging/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The most a send may take, connection to the server's acceptance of the message. A sign-in waits on
 * it, so an SMTP server that accepts the connection and never answers must not hold the request (and
 * a connection of ours) for nodemailer's defaults (2 minutes to connect, 30 s for the greeting, 10
 * minutes of socket idle).
 */
export const MAIL_SEND_TIMEOUT_MS = 10_000;

/** The mail could not be handed to the SMTP server (refused, failed, or not within the time limit). */
export class MailUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`mail not sent: ${reason}`);
    this.name = 'MailUnavailable';
  }
}

/**
 * Sends mail through SMTP_URL. Without SMTP_URL (never in production: config refuses it) the mail is
 * written to the log instead — the one log line allowed to carry an OTP, for local development.
 * Every send reports to the `smtp` dependency monitor, which logs once when an outage starts and once
 * when it ends (not one line per failed sign-in).
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly transport: Transporter | null;
  private readonly monitor: DependencyMonitor;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    dependencies: Dependencies,
  ) {
    this.monitor = dependencies.monitor('smtp');
    // Each phase gets the whole budget at most; the overall deadline in send() bounds their sum. The
    // URL is parsed here because createTransport({ url, ... }) drops every option besides the URL.
    this.transport = config.smtpUrl
      ? createTransport({
          ...parseConnectionUrl(config.smtpUrl),
          connectionTimeout: MAIL_SEND_TIMEOUT_MS,
          greetingTimeout: MAIL_SEND_TIMEOUT_MS,
          socketTimeout: MAIL_SEND_TIMEOUT_MS,
        })
      : null;
  }

  /** Hands the mail to the SMTP server within MAIL_SEND_TIMEOUT_MS, or throws MailUnavailable. */
  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      this.logger.warn(
        { devMail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'development mail (SMTP_URL unset)',
      );
      return;
    }
    const sending = this.transport.sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new MailUnavailable(`no answer within ${MAIL_SEND_TIMEOUT_MS / 1000} s`)),
        MAIL_SEND_TIMEOUT_MS,
      );
    });
    // A send abandoned at the deadline still ends on its own (nodemailer's socket timeout closes it);
    // its late failure has nobody to tell.
    sending.catch(() => undefined);
    try {
      await Promise.race([sending, deadline]);
      this.monitor.succeeded();
    } catch (error) {
      const failure =
        error instanceof MailUnavailable ? error : new MailUnavailable((error as Error)?.message ?? 'failed');
      this.monitor.failed(failure);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
