/**
 * A real SMTP server (npm smtp-server) for tests that read the store's e-mail: it keeps what it accepts, parsed
 * (mailparser), and refuses mail to chosen recipients a chosen number of times (451, "try again later").
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './eventually';
import { freePort } from './free-port';

export interface Received {
  /** The envelope's recipients. */
  rcpt: string[];
  mail: ParsedMail;
}

/** A real SMTP server: keeps what it accepts, and refuses mail to chosen recipients a chosen number of times. */
export class Inbox {
  readonly received: Received[] = [];
  /** Refusals left per recipient address (Infinity: always). */
  readonly refusals = new Map<string, number>();
  port = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const rcpt = session.envelope.rcptTo.map((a) => a.address.toLowerCase());
        const refused = rcpt.find((address) => (this.refusals.get(address) ?? 0) > 0);
        if (refused) {
          this.refusals.set(refused, this.refusals.get(refused)! - 1);
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            this.received.push({ rcpt, mail });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  async start(): Promise<void> {
    this.port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  to(address: string): Received[] {
    return this.received.filter((r) => r.rcpt.includes(address.toLowerCase()));
  }

  /** The first message to `address` whose subject matches, once it has arrived. */
  async waitFor(address: string, subject: RegExp, timeoutMs = 20_000): Promise<ParsedMail> {
    const found = await eventually(() => this.to(address).find((r) => subject.test(r.mail.subject ?? '')), timeoutMs);
    return found.mail;
  }
}
