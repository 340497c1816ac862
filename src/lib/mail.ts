import { desc, eq } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from './schema';
import type { Logger } from './log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

export interface MailService {
  send(mail: Mail): Promise<void>;
  /** The stored mails, newest first (for GET /api/dev/mail outside production). */
  outbox(limit?: number): { to: string; subject: string; text: string; headers: Record<string, string> | null; createdAt: Date }[];
}

/**
 * Every mail is stored in the outbox first; with SMTP_URL it is also sent (nodemailer: a well-kept
 * SMTP client), without it it is printed to the log so a local user can follow the link.
 */
export function createMailService(db: Db, log: Logger, opts: { smtpUrl?: string; from: string }): MailService {
  const transport: Transporter | undefined = opts.smtpUrl ? createTransport(opts.smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id }).all();
      if (!transport) {
        log.info('mail (outbox only: SMTP_URL not set)', { to: mail.to, subject: mail.subject, text: mail.text });
        return;
      }
      // Delivered or not, the body (which may hold a reset or verification link) is not kept: nothing
      // resends it, and the learner can ask for a new link.
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        db.update(mailOutbox).set({ sentAt: new Date(), text: '' }).where(eq(mailOutbox.id, row.id)).run();
      } catch (error) {
        log.error('mail delivery failed', { to: mail.to, subject: mail.subject, error: String(error) });
        db.update(mailOutbox)
          .set({ error: String(error), text: '' })
          .where(eq(mailOutbox.id, row.id))
          .run();
      }
    },
    outbox(limit = 50) {
      return db
        .select({
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          headers: mailOutbox.headers,
          createdAt: mailOutbox.createdAt,
        })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit)
        .all();
    },
  };
}
