/**
 * Outgoing mail: nodemailer's SMTP transport when `SMTP_URL` is set, else the local outbox table
 * (development and test; env.ts refuses production without SMTP while verification is on).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { EntityManager } from '../../kernel/db/orm.js';
import type { Env } from '../../kernel/env.js';
import { log } from '../../kernel/logger.js';
import { MailOutboxMessage } from './mail-outbox.entity.js';

/** One plain-text mail. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** One pooled transport per SMTP URL, shared by every request of the process. */
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Mail over SMTP. */
class SmtpMailer implements Mailer {
  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await transportFor(this.smtpUrl).sendMail({ from: this.from, ...message });
  }
}

/** Mail into the `mail_outbox` table, in the caller's unit of work (flushed here). */
class OutboxMailer implements Mailer {
  constructor(private readonly em: EntityManager) {}

  async send(message: MailMessage): Promise<void> {
    this.em.create(MailOutboxMessage, { recipient: message.to, subject: message.subject, body: message.text });
    await this.em.flush();
    log('info', 'mail written to the local outbox (no SMTP_URL)', { subject: message.subject });
  }
}

/** The mailer `env` configures, writing to the outbox through `em` when there is no SMTP server. */
export function mailerFor(env: Pick<Env, 'smtpUrl' | 'mailFrom'>, em: EntityManager): Mailer {
  return env.smtpUrl ? new SmtpMailer(env.smtpUrl, env.mailFrom) : new OutboxMailer(em);
}
