import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries, logged when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * nodemailer everywhere: SMTP when SMTP_URL is set; otherwise each message is streamed to an
 * .eml file in the outbox directory and its link is logged, so an embedded install needs no mail server.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string; logger: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      if (smtpUrl) {
        logger.info({ to: message.to, subject: message.subject }, 'email sent');
        return;
      }
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      logger.info({ to: message.to, subject: message.subject, file, link: message.link }, 'email written to outbox');
    },
  };
}
