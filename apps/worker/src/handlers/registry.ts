import { EVENT_JOBS, type EventMap, type EventType, type OutboxEvent } from '@portal/contracts';
import type { MailMessage } from '@portal/platform';

/** What a notification record says about an event. */
export interface NotificationDraft {
  userId: string | null;
  companyId: string | null;
  username: string;
  email: string;
  description: string;
}

/** The notification for an event about the user its payload names. */
export function aboutUser(
  p: { userId: string | null; companyId: string | null; username: string; email: string },
  description: string,
): NotificationDraft {
  return { userId: p.userId, companyId: p.companyId, username: p.username, email: p.email, description };
}

export type EmailDraft = Omit<MailMessage, 'from'> & { template: string };

export interface HandlerContext {
  publicUrl: string;
  /** The office's time zone (`SUPPLIER_TZ`) for times in emails; America/New_York when absent. */
  timeZone?: string;
  /** The files store (`FILES_DIR`): attachments are read from it when the email is sent. */
  filesDir?: string;
}

export type NotificationHandlers = {
  [K in EventType]?: (
    event: OutboxEvent<K> & { payload: EventMap[K] },
    ctx: HandlerContext,
  ) => NotificationDraft | null;
};
export type EmailHandlers = {
  [K in EventType]?: (
    event: OutboxEvent<K> & { payload: EventMap[K] },
    ctx: HandlerContext,
  ) => EmailDraft[] | Promise<EmailDraft[]>;
};

/**
 * Fails start-up when an event is routed to a queue without a handler, or a handler exists for an
 * event that is never routed there (dead code that would silently never run).
 */
export function assertHandlersComplete(handlers: { notifications: NotificationHandlers; email: EmailHandlers }): void {
  const problems: string[] = [];
  for (const [type, queues] of Object.entries(EVENT_JOBS) as [EventType, readonly string[]][]) {
    for (const queue of queues) {
      // Queues with a dedicated processor (no handler table) take their event types themselves.
      if (!(queue in handlers)) continue;
      const table = handlers[queue as keyof typeof handlers];
      if (!table?.[type]) problems.push(`event '${type}' is routed to queue '${queue}' but has no handler there`);
    }
  }
  for (const [queue, table] of Object.entries(handlers)) {
    for (const type of Object.keys(table) as EventType[]) {
      if (!EVENT_JOBS[type]?.includes(queue as never)) {
        problems.push(`queue '${queue}' has a handler for '${type}', which is never routed to it (EVENT_JOBS)`);
      }
    }
  }
  if (problems.length) throw new Error(`Job handler registry is incomplete:\n  - ${problems.join('\n  - ')}`);
}
