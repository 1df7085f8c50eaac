import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { OrderPreview } from '@portal/contracts';
import {
  ORDER_MSG,
  ORDER_SUBMISSIONS_PER_HOUR,
  CATALOGUE_MSG,
  mergeOrderLines,
  submitStatus,
  todayIn,
  type CreateOrderRequestInput,
  type OrderLineInput,
} from '@portal/domain';
import { commitChange, openSubmission, orderChange } from '@portal/db';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import * as repo from './order-requests.repository';
import { percentageMap, priceLines, type PricedLine } from './order-pricing';

/** Who submits: an employee or admin of a company (a signed-in user, or one named by another feature). */
export type OrderRequester = Pick<RequestUser, 'id' | 'role' | 'companyId' | 'username' | 'email' | 'ip' | 'actor'>;

export interface SubmittedOrder {
  _id: string;
  number: string;
  status: string;
  total: number;
  repeated: boolean;
}

/**
 * Asking for goods: the preview (writes nothing) and the submission — idempotent per user and key,
 * at most 30 an hour, priced by the server inside the transaction, refused whole (nothing written) on
 * any bad line or a total that moved since the caller looked.
 */
@Injectable()
export class OrderSubmissionService {
  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private today(): string {
    return todayIn(this.env.SUPPLIER_TZ);
  }

  private companyOf(user: OrderRequester): string {
    if (user.role === 'superadmin' || !user.companyId) throw new ApiException(403, ORDER_MSG.superadminCannotOrder);
    return user.companyId;
  }

  private async company(db: EntityManager | DataSource, companyId: string) {
    const c = await repo.findCompanyOrdering(db, companyId);
    if (!c) throw new ApiException(403, CATALOGUE_MSG.companyNotFound);
    return c;
  }

  /** The lines asked for: the body's, or a source's (an order request or an accepted quote) the caller can see. */
  private async resolveLines(
    db: EntityManager | DataSource,
    user: OrderRequester,
    input: CreateOrderRequestInput,
  ): Promise<OrderLineInput[]> {
    let lines: OrderLineInput[];
    if (input.from) {
      const caller = { id: user.id, role: user.role, companyId: user.companyId };
      const source =
        'order_request_id' in input.from
          ? await repo.linesOfOrder(db, caller, input.from.order_request_id)
          : await repo.linesOfQuote(db, caller, input.from.quote_request_id);
      if (source === null) throw new ApiException(404, ORDER_MSG.sourceNotFound);
      if (source === 'not_accepted') {
        throw new ApiException(409, ORDER_MSG.sourceNotAccepted, { from: ORDER_MSG.sourceNotAccepted });
      }
      lines = source.flatMap((l): OrderLineInput[] =>
        l.kind === 'catalogue' && l.variant_id
          ? [{ kind: 'catalogue', variant_id: l.variant_id, quantity: l.quantity }]
          : l.kind === 'agreed_item' && l.agreed_item_id
            ? [{ kind: 'agreed_item', agreed_item_id: l.agreed_item_id, quantity: l.quantity }]
            : [],
      );
      if (!lines.length) throw new ApiException(400, ORDER_MSG.sourceEmpty, { from: ORDER_MSG.sourceEmpty });
    } else {
      lines = input.lines!;
    }
    const merged = mergeOrderLines(lines);
    if (merged.tooLarge !== null) {
      throw new ApiException(400, ORDER_MSG.quantityInvalid, {
        [`lines.${merged.tooLarge}.quantity`]: ORDER_MSG.quantityInvalid,
      });
    }
    return merged.lines;
  }

  async preview(user: OrderRequester, input: CreateOrderRequestInput): Promise<{ status: number; data: OrderPreview }> {
    const companyId = this.companyOf(user);
    const lines = await this.resolveLines(this.db, user, input);
    const company = await this.company(this.db, companyId);
    const priced = await priceLines(this.db, companyId, percentageMap(company), lines, this.today());
    return { status: 200, data: { lines: priced.lines.map((l) => l.view), total: repo.amount(priced.totalCents) } };
  }

  /** The first unorderable line as a 400 naming its field (an unknown and a foreign id read alike). */
  private refuseBadLine(lines: PricedLine[], at: (i: number) => number): void {
    lines.forEach((l, i) => {
      if (!l.problem) return;
      const n = at(i);
      const field = l.input.kind === 'catalogue' ? `lines.${n}.variant_id` : `lines.${n}.agreed_item_id`;
      const message =
        l.problem.kind === 'expired'
          ? ORDER_MSG.agreedItemExpired(n + 1, l.problem.on)
          : l.problem.kind === 'withdrawn'
            ? ORDER_MSG.agreedItemWithdrawn(n + 1)
            : l.input.kind === 'catalogue'
              ? ORDER_MSG.variantNotFound(n + 1)
              : ORDER_MSG.agreedItemUnknown(n + 1);
      throw new ApiException(400, message, { [field]: message });
    });
  }

  /**
   * Submits an order request for `user` (also called by other features, e.g. a site's programme,
   * with a `site_id` and a `note`). Returns the request; a repeated key returns the first one.
   * With `outer`, it runs inside the caller's transaction (which then owns commit and rollback), so
   * a feature can create an order request together with other things, all or nothing.
   */
  async createOrderRequest(
    user: OrderRequester,
    input: CreateOrderRequestInput,
    idempotencyKey: string | undefined,
    outer?: EntityManager,
  ): Promise<SubmittedOrder> {
    const companyId = this.companyOf(user);
    const run = (m: EntityManager) => this.createIn(m, user, companyId, input, idempotencyKey);
    return outer ? run(outer) : this.db.transaction(run);
  }

  private async createIn(
    m: EntityManager,
    user: OrderRequester,
    companyId: string,
    input: CreateOrderRequestInput,
    idempotencyKey: string | undefined,
  ): Promise<SubmittedOrder> {
    const role = user.role === 'admin' ? 'admin' : 'employee';
    const gate = await openSubmission(m, 'order_requests', user.id, idempotencyKey, ORDER_SUBMISSIONS_PER_HOUR);
    if (gate.kind === 'repeat') {
      return {
        _id: gate.row.id,
        number: gate.row.number,
        status: gate.row.status,
        total: repo.amount(await repo.totalCentsOf(m, gate.row.id)),
        repeated: true,
      };
    }
    if (gate.kind === 'too_many') throw new ApiException(429, ORDER_MSG.tooMany(ORDER_SUBMISSIONS_PER_HOUR));
    const lines = await this.resolveLines(m, user, input);
    const company = await this.company(m, companyId);
    let site: { id: string; name: string } | null = null;
    if (input.site_id) {
      site = await repo.findSite(m, companyId, input.site_id);
      if (!site) throw new ApiException(400, ORDER_MSG.siteNotFound, { site_id: ORDER_MSG.siteNotFound });
    }
    const priced = await priceLines(m, companyId, percentageMap(company), lines, this.today());
    const original = input.lines
      ? (i: number) => input.lines!.findIndex((l) => sameItem(l, lines[i]))
      : (i: number) => i;
    this.refuseBadLine(priced.lines, original);
    if (input.expected_total !== undefined && input.expected_total !== null) {
      if (BigInt(input.expected_total) !== priced.totalCents) {
        throw new ApiException(409, ORDER_MSG.totalChanged, undefined, {
          lines: priced.lines.map((l) => l.view),
          total: repo.amount(priced.totalCents),
        });
      }
    }
    const threshold = company.approval_threshold_cents === null ? null : Number(company.approval_threshold_cents);
    const status = submitStatus(role, Number(priced.totalCents), threshold);
    const rows = priced.lines.map((l) => l.row!);
    const created = await repo.insertRequest(m, {
      companyId,
      siteId: site?.id ?? null,
      userId: user.id,
      requesterName: user.username,
      status,
      poNumber: input.po_number ?? null,
      customerReference: input.customer_reference ?? null,
      neededBy: input.needed_by ?? null,
      note: input.note ?? null,
      totalCents: priced.totalCents.toString(),
      lineCount: rows.length,
      idempotencyKey: idempotencyKey ?? null,
    });
    await repo.insertLines(m, created.id, rows);
    await repo.insertHistory(m, {
      requestId: created.id,
      action: 'submit',
      from: null,
      to: status,
      actorId: user.id,
      actorName: user.username,
      actorRole: user.role,
      details: input.from ? { from: input.from } : null,
    });
    await commitChange(
      m,
      user.actor,
      orderChange({
        order: {
          id: created.id,
          number: created.number,
          status,
          company_id: companyId,
          company_name: company.name,
          requested_by: user.id,
          requester_name: user.username,
          po_number: input.po_number ?? null,
          line_count: rows.length,
        },
        audit: 'order_request.submitted',
        after: {
          number: created.number,
          status,
          lines: rows.length,
          total: repo.amount(priced.totalCents),
          po_number: input.po_number ?? null,
          ...(input.from ? { from: input.from } : {}),
        },
        events: [{ type: status === 'pending_approval' ? 'order.approval_requested' : 'order.submitted' }],
      }),
    );
    return {
      _id: created.id,
      number: created.number,
      status,
      total: repo.amount(priced.totalCents),
      repeated: false,
    };
  }

  async submit(user: RequestUser, input: CreateOrderRequestInput, idempotencyKey: string | undefined) {
    const data = await this.createOrderRequest(user, input, idempotencyKey);
    const message =
      data.status === 'pending_approval' ? ORDER_MSG.pendingApproval(data.number) : ORDER_MSG.submitted(data.number);
    return { status: 201, message, data };
  }
}

function sameItem(a: OrderLineInput, b: OrderLineInput): boolean {
  return a.kind === 'catalogue'
    ? b.kind === 'catalogue' && a.variant_id === b.variant_id
    : b.kind === 'agreed_item' && a.agreed_item_id === b.agreed_item_id;
}
