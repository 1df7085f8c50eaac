import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditAction, OrderAction, OrderStatus } from '@portal/contracts';
import {
  ORDER_MSG,
  allowedOrderActions,
  decideOrderAction,
  todayIn,
  type AgreedItemListQuery,
  type AgreedItemPatch,
  type OrderActionInput,
  type OrderListQuery,
  type OrderParty,
} from '@portal/domain';
import { commitChange, isUniqueViolation, orderChange, type OrderEventInput } from '@portal/db';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import * as repo from './order-requests.repository';

/** Lines in one export (a year of a busy office fits; a wider range is cut here, newest last). */
const ORDER_EXPORT_MAX_LINES = 200_000;

const AUDIT_ACTION: Record<Exclude<OrderAction, 'submit'>, AuditAction> = {
  approve: 'order_request.approved',
  reject: 'order_request.rejected',
  acknowledge: 'order_request.acknowledged',
  confirm: 'order_request.confirmed',
  ship: 'order_request.shipped',
  cancel: 'order_request.cancelled',
};

/**
 * Order requests once submitted (see OrderSubmissionService for the asking): tenancy-scoped reads,
 * every transition of the state table in libs/domain, agreed items and the company's approval
 * threshold. Each change is one transaction with its history step, audit entry, outbox event and
 * live push (`commitChange` with `orderChange`).
 */
@Injectable()
export class OrderRequestsService {
  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private caller(user: RequestUser): repo.Caller {
    return { id: user.id, role: user.role, companyId: user.companyId };
  }

  private today(): string {
    return todayIn(this.env.SUPPLIER_TZ);
  }

  /* ---------------------------------------------------------------- reads */

  async list(user: RequestUser, query: OrderListQuery) {
    const { rows, total } = await repo.listRequests(this.db, this.caller(user), query);
    const list = rows.map((r) => ({
      ...repo.toSummary(r),
      allowed_actions: allowedOrderActions(r.status, this.parties(user, r)),
    }));
    const data: Record<string, unknown> = { list, total };
    if (user.role === 'superadmin') data.counts = await repo.countByStatus(this.db, query.companyId ?? null);
    return { status: 200, data };
  }

  private parties(user: RequestUser, row: Pick<repo.SummaryRow, 'requested_by' | 'company_id'>): OrderParty[] {
    if (user.role === 'superadmin') return ['superadmin'];
    const parties: OrderParty[] = [];
    if (row.requested_by === user.id) parties.push('requester');
    if (user.role === 'admin' && row.company_id === user.companyId) parties.push('company_admin');
    return parties;
  }

  private async visible(db: EntityManager | DataSource, user: RequestUser, id: string, lock = false) {
    const row = await repo.findRequest(db, this.caller(user), id.toLowerCase(), lock);
    if (!row) throw new ApiException(404, ORDER_MSG.notFound);
    return row;
  }

  private async site(row: repo.SummaryRow) {
    if (!row.site_id) return null;
    const s = await repo.findSite(this.db, row.company_id, row.site_id);
    return s ? { _id: s.id, name: s.name } : null;
  }

  async detail(user: RequestUser, id: string) {
    const row = await this.visible(this.db, user, id);
    const [lines, history, site] = await Promise.all([
      repo.findLines(this.db, row.id),
      repo.findHistory(this.db, row.id),
      this.site(row),
    ]);
    return {
      status: 200,
      data: {
        ...repo.toSummary(row, site),
        note: row.note,
        office_ref: row.office_ref,
        ships_on: row.ships_on,
        tracking: row.tracking,
        decision_reason: row.decision_reason,
        lines,
        history,
        allowed_actions: allowedOrderActions(row.status, this.parties(user, row)),
      },
    };
  }

  /** The request, its site and lines for the acknowledgement PDF (anyone who may see it). */
  async forPdf(user: RequestUser, id: string) {
    const row = await this.visible(this.db, user, id);
    const [lines, site] = await Promise.all([repo.findLines(this.db, row.id), this.site(row)]);
    return { row, site: site?.name ?? null, lines };
  }

  /** Every line of the requests submitted between two dates (office time zone), for the office's system. */
  exportLines(from: string, to: string) {
    return repo.exportLines(this.db, from, to, this.env.SUPPLIER_TZ, ORDER_EXPORT_MAX_LINES);
  }

  /* ---------------------------------------------------------------- transitions */

  /**
   * One transition: lock the row, check it against the state table (403 for a party that may never
   * take the action, 409 naming the state, stale version 409), then write the status, the history
   * step and the change's traces.
   */
  async act(user: RequestUser, id: string, action: Exclude<OrderAction, 'submit'>, input: OrderActionInput) {
    const result = await this.db.transaction(async (m) => {
      const row = await this.visible(m, user, id, true);
      const parties = this.parties(user, row);
      const decision = decideOrderAction(row.status, action, parties);
      if (!decision.ok && decision.reason === 'forbidden') {
        const own = (action === 'approve' || action === 'reject') && parties.includes('requester');
        throw new ApiException(403, own ? ORDER_MSG.selfApproval : ORDER_MSG.actionForbidden(action));
      }
      if (!decision.ok) throw new ApiException(409, ORDER_MSG.actionNotAllowed(action, row.status));
      if (row.version !== input.version) throw new ApiException(409, ORDER_MSG.staleVersion);
      if (decision.transition.reasonRequired && !input.reason) {
        throw new ApiException(400, ORDER_MSG.reasonRequired, { reason: ORDER_MSG.reasonRequired });
      }
      const to: OrderStatus = decision.to;
      const details: Record<string, unknown> = {};
      const update: Parameters<typeof repo.updateStatus>[2] = { status: to };
      const events: OrderEventInput[] = [];
      switch (action) {
        case 'approve':
          events.push({ type: 'order.approved' }, { type: 'order.submitted' });
          break;
        case 'reject':
          update.decisionReason = input.reason!;
          details.reason = input.reason!;
          events.push({ type: 'order.rejected', reason: input.reason! });
          break;
        case 'acknowledge':
          events.push({ type: 'order.acknowledged' });
          break;
        case 'confirm':
          update.officeRef = input.office_ref ?? null;
          update.shipsOn = input.ships_on ?? null;
          details.office_ref = input.office_ref ?? null;
          details.ships_on = input.ships_on ?? null;
          events.push({
            type: 'order.confirmed',
            officeRef: input.office_ref ?? null,
            shipsOn: input.ships_on ?? null,
          });
          break;
        case 'ship':
          update.tracking = input.tracking ?? null;
          details.tracking = input.tracking ?? null;
          events.push({ type: 'order.shipped', tracking: input.tracking ?? null });
          break;
        case 'cancel':
          update.decisionReason = input.reason ?? null;
          details.reason = input.reason ?? null;
          events.push({ type: 'order.cancelled', reason: input.reason ?? null });
          break;
      }
      const version = await repo.updateStatus(m, row.id, update);
      await repo.insertHistory(m, {
        requestId: row.id,
        action,
        from: row.status,
        to,
        actorId: user.id,
        actorName: user.username,
        actorRole: user.role,
        details: Object.keys(details).length ? details : null,
      });
      await commitChange(
        m,
        user.actor,
        orderChange({
          order: {
            id: row.id,
            number: row.number,
            status: to,
            company_id: row.company_id,
            company_name: row.company_name,
            requested_by: row.requested_by,
            requester_name: row.requester_name,
            po_number: row.po_number,
            line_count: row.line_count,
          },
          audit: AUDIT_ACTION[action],
          before: { status: row.status },
          after: { status: to, ...details },
          events,
        }),
      );
      return { _id: row.id, number: row.number, status: to, version };
    });
    return { status: 200, message: `${result.number}: ${result.status.replace('_', ' ')}`, data: result };
  }

  /* ---------------------------------------------------------------- company ordering */

  /** `GET company/{id}/ordering`: the approval threshold (a superadmin, or that company's admin). */
  async ordering(user: RequestUser, companyId: string) {
    if (user.role !== 'superadmin' && user.companyId !== companyId)
      throw new ApiException(404, ORDER_MSG.companyNotFound);
    const company = await repo.findCompanyOrdering(this.db, companyId);
    if (!company) throw new ApiException(404, ORDER_MSG.companyNotFound);
    const cents = company.approval_threshold_cents;
    return { status: 200, data: { _id: companyId, approval_threshold: cents === null ? null : repo.amount(cents) } };
  }

  /** `PATCH company/{id}/ordering`: a superadmin, or that company's admin (another company: 404). */
  async setApprovalThreshold(user: RequestUser, companyId: string, cents: number | null) {
    if (user.role !== 'superadmin' && user.companyId !== companyId)
      throw new ApiException(404, ORDER_MSG.companyNotFound);
    await this.db.transaction(async (m) => {
      const changed = await repo.setApprovalThreshold(m, companyId, cents);
      if (!changed) throw new ApiException(404, ORDER_MSG.companyNotFound);
      const before = changed.before === null ? null : repo.amount(changed.before);
      const after = cents === null ? null : repo.amount(cents);
      if (before === after) return;
      await commitChange(m, user.actor, {
        audit: [
          {
            action: 'company.ordering_updated',
            entity: 'company',
            entityId: companyId,
            companyId,
            before: { approval_threshold: before },
            after: { approval_threshold: after },
          },
        ],
      });
    });
    return {
      status: 200,
      message: ORDER_MSG.thresholdSaved,
      data: { _id: companyId, approval_threshold: cents === null ? null : repo.amount(cents) },
    };
  }

  /* ---------------------------------------------------------------- agreed items */

  async listAgreedItems(user: RequestUser, query: AgreedItemListQuery) {
    const companyId = user.role === 'superadmin' ? (query.companyId ?? null) : user.companyId;
    const today = this.today();
    const { rows, total } = await repo.listAgreedItems(this.db, companyId, query, today);
    return { status: 200, data: { list: rows.map((r) => repo.toAgreedView(r, today)), total } };
  }

  async agreedItem(user: RequestUser, id: string) {
    const row = await repo.findAgreedItem(this.db, this.caller(user), id.toLowerCase());
    if (!row) throw new ApiException(404, ORDER_MSG.agreedItemNotFound);
    const history = await repo.agreedPriceHistory(this.db, row.id);
    return {
      status: 200,
      data: {
        ...repo.toAgreedView(row, this.today()),
        price_history: history.map((h) => ({
          price: repo.amount(h.price_cents),
          price_held_until: h.price_held_until,
          changed_at: new Date(h.changed_at).toISOString(),
        })),
      },
    };
  }

  /**
   * `PATCH agreed-items/{id}`: the office changes the price, how long it holds (a date before today
   * ends it at once) and the status (a renewal, or a withdrawal); a company admin names it with the
   * company's own part number. Audited with the price history kept.
   */
  async updateAgreedItem(user: RequestUser, id: string, patch: AgreedItemPatch) {
    const office = user.role === 'superadmin';
    const officeFields =
      patch.price !== undefined || patch.price_held_until !== undefined || patch.status !== undefined;
    const today = this.today();
    const saved = await this.db.transaction(async (m) => {
      const row = await repo.findAgreedItem(m, this.caller(user), id.toLowerCase(), true);
      if (!row) throw new ApiException(404, ORDER_MSG.agreedItemNotFound);
      if ((!office && officeFields) || (office && patch.customer_part_no !== undefined)) {
        throw new ApiException(403, ORDER_MSG.agreedItemFieldsForbidden);
      }
      const heldUntil = patch.price_held_until ?? row.price_held_until;
      if (patch.status === 'active' && heldUntil < today) {
        throw new ApiException(400, ORDER_MSG.renewNeedsDate, { price_held_until: ORDER_MSG.renewNeedsDate });
      }
      let after: repo.AgreedRow;
      try {
        after = await repo.updateAgreedItem(
          m,
          row.id,
          {
            priceCents: patch.price,
            heldUntil: patch.price_held_until,
            withdrawn: patch.status === undefined ? undefined : patch.status === 'withdrawn',
            customerPartNo: patch.customer_part_no,
          },
          user.id,
        );
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new ApiException(409, ORDER_MSG.customerPartNoTaken, {
            customer_part_no: ORDER_MSG.customerPartNoTaken,
          });
        }
        throw err;
      }
      const b = repo.toAgreedView(row, today);
      const a = repo.toAgreedView(after, today);
      const fields = ['price', 'price_held_until', 'status', 'customer_part_no'] as const;
      const changed = fields.filter((f) => b[f] !== a[f]);
      if (changed.length) {
        await commitChange(m, user.actor, {
          audit: [
            {
              action: 'agreed_item.updated',
              entity: 'agreed_item',
              entityId: row.id,
              companyId: row.company_id,
              before: Object.fromEntries(changed.map((f) => [f, b[f]])),
              after: Object.fromEntries(changed.map((f) => [f, a[f]])),
            },
          ],
        });
      }
      return a;
    });
    return { status: 200, message: ORDER_MSG.agreedItemSaved, data: saved };
  }
}
