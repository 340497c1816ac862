import type { AppContext } from '../../lib/context';
import { CLIENT_ERROR_LIMITS, type SupportTicketInput } from './model';
import { ticketMail } from './mails';
import { clientErrors, supportTickets } from './schema';

/** Support tickets and the errors browsers report: what learners send the operator. */
export function createSupport(ctx: AppContext) {
  const { db, clock, mail, config } = ctx;
  return {
    /** Stores a support ticket and forwards it to the operator's mailbox. */
    async createTicket(input: SupportTicketInput, userId: number | null) {
      const ticket = db
        .insert(supportTickets)
        .values({ ...input, userId, createdAt: clock.now() })
        .returning({ id: supportTickets.id })
        .get();
      await mail.send({ to: config.MAIL_FROM, ...ticketMail(ticket.id, input, userId) });
      return ticket;
    },

    /** Stores what the browser reported, cut to length; never refuses. */
    logClientError(
      report: { error: unknown; stack?: unknown; timestamp?: unknown; url?: unknown },
      userId: number | null,
      userAgent: string | null,
    ) {
      const text = (value: unknown, max: number) => {
        if (value === undefined || value === null) return null;
        const s = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
        return s.slice(0, max);
      };
      db.insert(clientErrors)
        .values({
          userId,
          error: text(report.error, CLIENT_ERROR_LIMITS.error) || 'Unknown error',
          stack: text(report.stack, CLIENT_ERROR_LIMITS.stack),
          timestamp: text(report.timestamp, CLIENT_ERROR_LIMITS.timestamp),
          url: text(report.url, CLIENT_ERROR_LIMITS.url),
          userAgent: userAgent?.slice(0, 300) ?? null,
          createdAt: clock.now(),
        })
        .run();
    },
  };
}
