import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { QuoteAction, QuoteMatchRow, QuoteStatus } from '@portal/contracts';
import {
  CATALOGUE_MSG,
  PRODUCT_LINES,
  QUOTE_MSG,
  QUOTE_PDF_STATUSES,
  QUOTE_SUBMISSIONS_PER_HOUR,
  allowedQuoteActions,
  customSizeText,
  decideQuoteAction,
  formatQuoteDate,
  isUuid,
  isValidityInRange,
  mergeQuoteLines,
  parsePastedLines,
  percentageForProductLine,
  tooManyPastedLines,
  type CompanyPercentages,
  type CreateQuoteRequestInput,
  type QuoteListQuery,
  type QuoteParty,
  type SendQuoteInput,
} from '@portal/domain';
import { recordQuoteChange, type QuoteChange, type QuoteChangeActor } from '@portal/db';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { auditActor } from '../audit/audit.sql';
import * as repo from './quote-requests.repository';

/** What one action does besides moving the status (filled in by each action). */
interface ActionEffect {
  update?: Omit<repo.StatusUpdate, 'status'>;
  message?: { kind: 'request_info' | 'reply' | 'decline' | 'reject'; body: string };
  change: Omit<QuoteChange, 'quote'>;
}

const AUDIT_ACTION: Record<QuoteAction, string> = {
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

/** The company's percentage per product line ('' = the general discount), for the SQL price map. */
function percentageMap(company: CompanyPercentages): Record<string, string> {
  const map: Record<string, string> = { '': String(percentageForProductLine(null, company)) };
  for (const line of PRODUCT_LINES) map[line] = String(percentageForProductLine(line, company));
  return map;
}

/**
 * Quote requests: submission (idempotent, rate-limited, lines merged and priced at submission),
 * the paste matcher, tenancy-scoped reads and every transition of the state table in libs/domain.
 * Each change runs in one transaction with its audit entry, outbox event and live push, all through
 * `recordQuoteChange`.
 */
@Injectable()
export class QuoteRequestsService {
  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private caller(user: RequestUser): repo.Caller {
    return { id: user.id, role: user.role, companyId: user.companyId };
  }

  private actor(user: RequestUser): QuoteChangeActor {
    return { ...auditActor(user), email: user.email };
  }

  private async pricing(companyId: string): Promise<{ name: string; pct: Record<string, string> }> {
    const company = await repo.findCompanyPercentages(this.db, companyId);
    if (!company) throw new ApiException(403, CATALOGUE_MSG.companyNotFound);
    return { name: company.name, pct: percentageMap(company) };
  }

  /* ---------------------------------------------------------------- submit */

  async submit(user: RequestUser, input: CreateQuoteRequestInput, idempotencyKey: string | undefined) {
    if (user.role === 'superadmin' || !user.companyId) throw new ApiException(403, QUOTE_MSG.superadminCannotRequest);
    const companyId = user.companyId;
    const { lines, merged, tooLarge } = mergeQuoteLines(input.lines);
    if (tooLarge !== null) {
      throw new ApiException(400, QUOTE_MSG.quantityInvalid, {
        [`lines.${tooLarge}.quantity`]: QUOTE_MSG.quantityInvalid,
      });
    }
    const company = await this.pricing(companyId);

    const variantIds = lines.flatMap((l) => (l.kind === 'catalogue' ? [l.variant_id] : []));
    const nodeIds = [...new Set(lines.flatMap((l) => (l.kind === 'custom_size' ? [l.catalogue_id] : [])))];
    const [variants, nodes] = await Promise.all([
      repo.findVariants(this.db, variantIds, company.pct),
      repo.findCatalogueNodes(this.db, nodeIds),
    ]);
    const variantById = new Map(variants.map((v) => [v.id, v]));
    const nodeById = new Map(nodes.map((n) => [n.id, n.name]));
    const rows: repo.NewLine[] = [];
    const original = (i: number) => input.lines.indexOf(lines[i]);
    lines.forEach((line, i) => {
      const base = {
        variant_id: null,
        part_number: null,
        description: null,
        catalogue_id: null,
        catalogue_name: null,
        width: null,
        height: null,
        depth: null,
        measure: null,
        size_type: null,
        snapshot_price: null,
        quantity: line.quantity,
      };
      if (line.kind === 'catalogue') {
        const v = variantById.get(line.variant_id);
        if (!v) {
          const at = original(i);
          throw new ApiException(400, QUOTE_MSG.variantNotFound(at + 1), {
            [`lines.${at}.variant_id`]: QUOTE_MSG.variantNotFound(at + 1),
          });
        }
        rows.push({
          ...base,
          kind: 'catalogue',
          variant_id: v.id,
          part_number: v.part_number,
          description: `${v.product_name}${v.size ? ` ${v.size}` : ''}`,
          catalogue_id: v.catalogue_id,
          catalogue_name: v.catalogue_name,
          snapshot_price: v.price,
        });
      } else if (line.kind === 'custom_size') {
        const name = nodeById.get(line.catalogue_id);
        if (!name) {
          const at = original(i);
          throw new ApiException(400, QUOTE_MSG.catalogueNotFound(at + 1), {
            [`lines.${at}.catalogue_id`]: QUOTE_MSG.catalogueNotFound(at + 1),
          });
        }
        rows.push({
          ...base,
          kind: 'custom_size',
          catalogue_id: line.catalogue_id,
          catalogue_name: name,
          description: customSizeText(line),
          width: line.width,
          height: line.height,
          depth: line.depth,
          measure: line.measure,
          size_type: line.size_type,
        });
      } else {
        rows.push({ ...base, kind: 'unlisted', part_number: line.part_number });
      }
    });

    const result = await this.db.transaction(async (m) => {
      await repo.lockRequester(m, user.id);
      if (idempotencyKey) {
        const seen = await repo.findByIdempotencyKey(m, user.id, idempotencyKey);
        if (seen) return { row: seen, repeat: true };
      }
      if ((await repo.countRecentSubmissions(m, user.id)) >= QUOTE_SUBMISSIONS_PER_HOUR) {
        throw new ApiException(429, QUOTE_MSG.tooMany(QUOTE_SUBMISSIONS_PER_HOUR));
      }
      const row = (await repo.insertRequest(m, {
        companyId,
        userId: user.id,
        requesterName: user.username,
        note: input.note ?? null,
        customerReference: input.customer_reference ?? null,
        neededBy: input.needed_by ?? null,
        madeToOrder: rows.some((r) => r.kind === 'custom_size'),
        idempotencyKey: idempotencyKey ?? null,
        lineCount: rows.length,
      }))!;
      await repo.insertLines(m, row.id, rows);
      await recordQuoteChange(m, this.actor(user), {
        quote: {
          id: row.id,
          number: row.number,
          status: row.status,
          company_id: companyId,
          company_name: company.name,
          requested_by: user.id,
          requester_name: user.username,
        },
        audit: 'quote_request.submitted',
        after: { number: row.number, lines: rows.length, merged_lines: merged },
        event: { type: 'quote.submitted' },
      });
      return { row, repeat: false };
    });
    const message =
      merged && !result.repeat ? `${QUOTE_MSG.submitted}. ${QUOTE_MSG.merged(merged)}` : QUOTE_MSG.submitted;
    return {
      status: 201,
      message,
      data: {
        _id: result.row.id,
        number: result.row.number,
        status: result.row.status,
        merged: result.repeat ? 0 : merged,
        repeated: result.repeat,
      },
    };
  }

  /* ---------------------------------------------------------------- paste matcher */

  async match(user: RequestUser, text: string) {
    const pasted = parsePastedLines(text);
    if (!pasted.length) throw new ApiException(400, QUOTE_MSG.pasteRequired, { text: QUOTE_MSG.pasteRequired });
    if (tooManyPastedLines(pasted))
      throw new ApiException(400, QUOTE_MSG.pasteTooLong, { text: QUOTE_MSG.pasteTooLong });
    const companyId = user.companyId;
    if (!companyId) throw new ApiException(403, QUOTE_MSG.superadminCannotRequest);
    const company = await this.pricing(companyId);
    const keys = [...new Set(pasted.filter((p) => !p.size && p.part_number).map((p) => p.part_number.toLowerCase()))];
    const found = new Map((await repo.findVariantsByPartNumber(this.db, keys, company.pct)).map((v) => [v.key, v]));
    const rows: QuoteMatchRow[] = pasted.map((p) => {
      const base = { line: p.line, text: p.text, part_number: p.part_number, quantity: p.quantity };
      if (p.error) return { ...base, match: 'invalid', error: p.error };
      if (p.size) return { ...base, match: 'odd_size', size: p.size };
      const v = found.get(p.part_number.toLowerCase());
      if (!v) return { ...base, match: 'unknown' };
      return {
        ...base,
        match: 'variant',
        variant: {
          _id: v.id,
          part_number: v.part_number,
          size: v.size,
          product_name: v.product_name,
          customer_price: Number(v.price),
        },
      };
    });
    return { status: 200, data: rows };
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
    if (!isUuid(id)) throw new ApiException(404, QUOTE_MSG.notFound);
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
    return { row, lines };
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
      await recordQuoteChange(m, this.actor(user), {
        ...e.change,
        quote: {
          id: row.id,
          number: row.number,
          status: to,
          company_id: row.company_id,
          company_name: row.company_name,
          requested_by: row.requested_by,
          requester_name: row.requester_name,
        },
        before: { status: row.status, ...(e.change.before ?? {}) },
        after: { status: to, ...(e.change.after ?? {}) },
      });
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
    return this.transition(user, id, 'accept', (_m, row) => {
      this.checkVersion(row, input.version);
      if (row.made_to_order && input.made_to_order !== true) {
        throw new ApiException(400, QUOTE_MSG.madeToOrderRequired, { made_to_order: QUOTE_MSG.madeToOrderRequired });
      }
      return {
        update: { decided: true },
        change: {
          audit: AUDIT_ACTION.accept,
          after: { revision: row.revision, made_to_order: row.made_to_order },
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
      await recordQuoteChange(m, this.actor(user), {
        quote: {
          id: row.id,
          number: row.number,
          status: row.status,
          company_id: row.company_id,
          company_name: row.company_name,
          requested_by: row.requested_by,
          requester_name: row.requester_name,
        },
        audit: 'quote_request.message_added',
        after: { length: body.length },
      });
    });
    return { status: 201, message: 'Message sent', data: { _id: id.toLowerCase() } };
  }
}
