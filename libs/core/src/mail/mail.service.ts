import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../config/config';
import { APP_LOGGER } from '../logging/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail through SMTP_URL. Without SMTP_URL (never in production: config refuses it) the mail is
 * written to the log instead — the one log line allowed to carry an OTP, for local development.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly transport: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    this.transport = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  }

  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      this.logger.warn(
        { devMail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'development mail (SMTP_URL unset)',
      );
      return;
    }
    await this.transport.sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
