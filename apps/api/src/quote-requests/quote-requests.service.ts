import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditAction, QuoteAction, QuoteStatus } from '@portal/contracts';
import {
  QUOTE_MSG,
  QUOTE_PDF_STATUSES,
  allowedQuoteActions,
  decideQuoteAction,
  formatQuoteDate,
  isValidityInRange,
  ORDER_MSG,
  MAX_PRICE_HOLD_DAYS,
  addDays,
  todayIn,
  type QuoteListQuery,
  type QuoteParty,
  type SendQuoteInput,
} from '@portal/domain';
import { commitChange, quoteChange, type QuoteChange, type QuoteChangeTarget } from '@portal/db';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import * as repo from './quote-requests.repository';
import { createAgreedItemsFromQuote } from '../order-requests/order-requests.repository';
import { companyPricing } from './quote-pricing';

/** What one action does besides moving the status (filled in by each action). */
interface ActionEffect {
  update?: Omit<repo.StatusUpdate, 'status'>;
  message?: { kind: 'request_info' | 'reply' | 'decline' | 'reject'; body: string };
  change: Omit<QuoteChange, 'quote'>;
}

const AUDIT_ACTION: Record<QuoteAction, AuditAction> = {
  assign: 'quote_request.assigned',
  'request-info': 'quote_request.info_requested',
  reply: 'quote_request.replied',
  'send-quote': 'quote_request.quoted',
  accept: 'quote_request.accepted',
  decline: 'quote_request.declined',
  expire: 'quote_request.expired',
  revise: 'quote_request.revised',
  withdraw: 'quote_request.withdrawn',
  reject: 'quote_request.rejected',
};

/**
 * Quote requests once asked (see QuoteSubmissionService for the asking): tenancy-scoped reads and
 * every transition of the state table in libs/domain.
 * Each change runs in one transaction with its audit entry, outbox event and live push, all through
 * the exit (`commitChange` with `quoteChange`).
 */
/** The quote a change is about, with its status after the change. */
function quoteSubject(row: QuoteChangeTarget, status: QuoteStatus): QuoteChangeTarget {
  return {
    id: row.id,
    number: row.number,
    status,
    company_id: row.company_id,
    company_name: row.company_name,
    requested_by: row.requested_by,
    requester_name: row.requester_name,
  };
}

@Injectable()
export class QuoteRequestsService {
  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private caller(user: RequestUser): repo.Caller {
    return { id: user.id, role: user.role, companyId: user.companyId };
  }

  private pricing(companyId: string) {
    return companyPricing(this.db, companyId);
  }

  /* ---------------------------------------------------------------- reads */

  async list(user: RequestUser, query: QuoteListQuery) {
    const { rows, total } = await repo.listRequests(this.db, this.caller(user), query);
    const data: Record<string, unknown> = { list: rows.map(repo.toSummary), total };
    if (user.role === 'superadmin') data.counts = await repo.countByStatus(this.db, query.companyId ?? null);
    return { status: 200, data };
  }

  private parties(user: RequestUser, row: repo.RequestRow): QuoteParty[] {
    if (user.role === 'superadmin') return ['superadmin'];
    const parties: QuoteParty[] = [];
    if (row.requested_by === user.id) parties.push('requester');
    if (user.role === 'admin' && row.company_id === user.companyId) parties.push('company_admin');
    return parties;
  }

  private async visible(db: EntityManager | DataSource, user: RequestUser, id: string, lock = false) {
    const row = await repo.findRequest(db, this.caller(user), id.toLowerCase(), lock);
    if (!row) throw new ApiException(404, QUOTE_MSG.notFound);
    return row;
  }

  async detail(user: RequestUser, id: string) {
    const row = await this.visible(this.db, user, id);
    const office = user.role === 'superadmin' ? { pct: (await this.pricing(row.company_id)).pct } : null;
    const [lines, messages] = await Promise.all([
      repo.findLines(this.db, row.id, office),
      repo.findMessages(this.db, row.id),
    ]);
    return {
      status: 200,
      data: {
        ...repo.toSummary(row),
        note: row.note,
        needed_by: row.needed_by,
        expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
        made_to_order: row.made_to_order,
        decision_reason: row.decision_reason,
        version: row.version,
        lines,
        messages,
        allowed_actions: allowedQuoteActions(row.status, this.parties(user, row)),
      },
    };
  }

  /** The quote, its lines and messages for the PDF (quoted, accepted or expired only). */
  async forPdf(user: RequestUser, id: string) {
    const row = await this.visible(this.db, user, id);
    if (!QUOTE_PDF_STATUSES.includes(row.status)) throw new ApiException(409, QUOTE_MSG.pdfNotAvailable);
    const lines = await repo.findLines(this.db, row.id, null);
    return { row, lines, timeZone: this.env.SUPPLIER_TZ };
  }

  /* ---------------------------------------------------------------- transitions */

  /**
   * One transition: lock the row, check it against the state table (403 not a party, 409 wrong
   * state), let `effect` check its own rules (stale version, expiry, lines) and describe the change,
   * then write it with its message, audit entry, event and live push.
   */
  private async transition(
    user: RequestUser,
    id: string,
    action: QuoteAction,
    effect: (m: EntityManager, row: repo.RequestRow) => Promise<ActionEffect> | ActionEffect,
  ) {
    const result = await this.db.transaction(async (m) => {
      const row = await this.visible(m, user, id, true);
      const decision = decideQuoteAction(row.status, action, this.parties(user, row));
      if (!decision.ok && decision.reason === 'forbidden') {
        throw new ApiException(403, QUOTE_MSG.actionNotAllowed(action, row.status));
      }
      if (action === 'accept' && (row.status === 'expired' || row.status === 'quoted')) {
        // Accepting after the end of validity: 409 saying when, even before the sweep marks it.
        if (row.status === 'expired' || (row.expires_at && (await repo.isPast(m, row.expires_at)))) {
          throw new ApiException(409, QUOTE_MSG.expiredOn(formatQuoteDate(row.valid_until ?? '', true)));
        }
      }
      if (!decision.ok) throw new ApiException(409, QUOTE_MSG.actionNotAllowed(action, row.status));
      const e = await effect(m, row);
      const to: QuoteStatus = decision.to;
      const { version } = await repo.updateRequest(m, row.id, { status: to, ...e.update });
      if (e.message) {
        await repo.insertMessage(m, {
          requestId: row.id,
          kind: e.message.kind,
          authorId: user.id,
          authorName: user.username,
          authorRole: user.role,
          body: e.message.body,
        });
      }
      await commitChange(
        m,
        user.actor,
        quoteChange({
          ...e.change,
          quote: quoteSubject(row, to),
          before: { status: row.status, ...(e.change.before ?? {}) },
          after: { status: to, ...(e.change.after ?? {}) },
        }),
      );
      return { _id: row.id, number: row.number, status: to, version };
    });
    return { status: 200, message: `${result.number}: ${result.status.replace('_', ' ')}`, data: result };
  }

  private checkVersion(row: repo.RequestRow, version: number): void {
    if (row.version !== version) throw new ApiException(409, QUOTE_MSG.staleVersion);
  }

  assign(user: RequestUser, id: string) {
    return this.transition(user, id, 'assign', () => ({
      update: { assigneeId: user.id },
      change: { audit: AUDIT_ACTION.assign, after: { assignee: user.username } },
    }));
  }

  requestInfo(user: RequestUser, id: string, message: string) {
    return this.transition(user, id, 'request-info', () => ({
      message: { kind: 'request_info', body: message },
      change: { audit: AUDIT_ACTION['request-info'], event: { type: 'quote.info_requested', message } },
    }));
  }

  reply(user: RequestUser, id: string, message: string) {
    return this.transition(user, id, 'reply', () => ({
      message: { kind: 'reply', body: message },
      change: { audit: AUDIT_ACTION.reply, event: { type: 'quote.replied', message } },
    }));
  }

  sendQuote(user: RequestUser, id: string, input: SendQuoteInput) {
    return this.transition(user, id, 'send-quote', async (m, row) => {
      this.checkVersion(row, input.version);
      if (!isValidityInRange(input.valid_until, this.env.SUPPLIER_TZ)) {
        throw new ApiException(400, QUOTE_MSG.validUntilRange, { valid_until: QUOTE_MSG.validUntilRange });
      }
      const heldUntil = input.price_held_until ?? null;
      if (
        heldUntil !== null &&
        (heldUntil < input.valid_until || heldUntil > addDays(todayIn(this.env.SUPPLIER_TZ), MAX_PRICE_HOLD_DAYS))
      ) {
        throw new ApiException(400, ORDER_MSG.priceHeldUntilRange, { price_held_until: ORDER_MSG.priceHeldUntilRange });
      }
      await repo.setPriceHeldUntil(m, row.id, heldUntil);
      const ids = new Set(await repo.lineIds(m, row.id));
      const answered = new Set<string>();
      input.lines.forEach((l, i) => {
        if (!ids.has(l._id) || answered.has(l._id)) {
          throw new ApiException(400, QUOTE_MSG.lineUnknown, { [`lines.${i}._id`]: QUOTE_MSG.lineUnknown });
        }
        answered.add(l._id);
      });
      if (answered.size !== ids.size)
        throw new ApiException(400, QUOTE_MSG.lineAnswerRequired, { lines: QUOTE_MSG.lineAnswerRequired });
      await repo.answerLines(
        m,
        row.id,
        input.lines.map((l) => ({
          id: l._id,
          line_status: l.line_status,
          quoted_cents: l.quoted_price ?? null,
          lead_time_days: l.lead_time_days ?? null,
          line_note: l.line_note ?? null,
        })),
      );
      const quoted = input.lines.filter((l) => l.line_status === 'quoted').length;
      return {
        update: { validUntil: input.valid_until, expiryTz: this.env.SUPPLIER_TZ, quoted: true },
        change: {
          audit: AUDIT_ACTION['send-quote'],
          after: {
            valid_until: input.valid_until,
            price_held_until: heldUntil,
            revision: row.revision,
            quoted_lines: quoted,
            cannot_quote_lines: input.lines.length - quoted,
          },
          event: { type: 'quote.quoted', validUntil: input.valid_until },
        },
      };
    });
  }

  accept(user: RequestUser, id: string, input: { version: number; made_to_order?: boolean }) {
    return this.transition(user, id, 'accept', async (m, row) => {
      this.checkVersion(row, input.version);
      if (row.made_to_order && input.made_to_order !== true) {
        throw new ApiException(400, QUOTE_MSG.madeToOrderRequired, { made_to_order: QUOTE_MSG.madeToOrderRequired });
      }
      // The priced custom and unlisted lines become the company's agreed items, in the same transaction.
      const agreed = await createAgreedItemsFromQuote(m, row.id, user.id);
      return {
        update: { decided: true },
        change: {
          audit: AUDIT_ACTION.accept,
          after: { revision: row.revision, made_to_order: row.made_to_order, agreed_items: agreed.length },
          event: { type: 'quote.accepted' },
        },
      };
    });
  }

  decline(user: RequestUser, id: string, reason: string | undefined) {
    return this.transition(user, id, 'decline', () => ({
      update: { decided: true, decisionReason: reason ?? null },
      ...(reason ? { message: { kind: 'decline' as const, body: reason } } : {}),
      change: { audit: AUDIT_ACTION.decline, after: { reason: reason ?? null } },
    }));
  }

  revise(user: RequestUser, id: string) {
    return this.transition(user, id, 'revise', (_m, row) => ({
      update: { revisionBump: true, validUntil: null, assigneeId: user.id },
      change: { audit: AUDIT_ACTION.revise, before: { revision: row.revision }, after: { revision: row.revision + 1 } },
    }));
  }

  withdraw(user: RequestUser, id: string) {
    return this.transition(user, id, 'withdraw', () => ({
      update: { decided: true },
      change: { audit: AUDIT_ACTION.withdraw },
    }));
  }

  reject(user: RequestUser, id: string, reason: string) {
    return this.transition(user, id, 'reject', () => ({
      update: { decided: true, decisionReason: reason },
      message: { kind: 'reject', body: reason },
      change: { audit: AUDIT_ACTION.reject, after: { reason } },
    }));
  }

  /** A thread message by anyone who can see the request; the request itself does not move. */
  async addMessage(user: RequestUser, id: string, body: string) {
    await this.db.transaction(async (m) => {
      const row = await this.visible(m, user, id, true);
      await repo.insertMessage(m, {
        requestId: row.id,
        kind: 'message',
        authorId: user.id,
        authorName: user.username,
        authorRole: user.role,
        body,
      });
      await repo.touch(m, row.id);
      await commitChange(
        m,
        user.actor,
        quoteChange({
          quote: quoteSubject(row, row.status),
          audit: 'quote_request.message_added',
          after: { length: body.length },
        }),
      );
    });
    return { status: 201, message: 'Message sent', data: { _id: id.toLowerCase() } };
  }
}
