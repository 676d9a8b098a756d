import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../app-config';
import { Service } from '../container';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Hands e-mail to the SMTP server of SMTP_URL (nodemailer), From MAIL_FROM. One connection per message: mail is
 * rare next to the cost of a connection, and a fresh one per attempt is what a retry after an outage needs.
 */
@Service()
export class Mailer {
  private transport: Transporter | undefined;

  constructor(private readonly config: AppConfig) {}

  /** False without SMTP_URL (the embedded demo): messages then stay in the outbox as not sent. */
  get configured(): boolean {
    return this.config.mail.smtpUrl !== undefined;
  }

  /** Resolves when the SMTP server has accepted the message; rejects with its answer otherwise. */
  async send(mail: OutgoingMail): Promise<void> {
    const { smtpUrl, from } = this.config.mail;
    if (!smtpUrl) throw new Error('No SMTP server configured');
    // Bounded waits: the send job holds its outbox row (and a database connection) while it talks to the server.
    this.transport ??= nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    await this.transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }
}
