import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { commitChange, programmeChange } from '@portal/db';
import {
  ORDER_MSG,
  PROGRAMME_MSG as M,
  createOrderRequestSchema,
  createQuoteRequestSchema,
  monthName,
  type RequestMonthInput,
} from '@portal/domain';
import { ApiException } from '../common/api-exception';
import { isSuperadmin } from '../common/access';
import type { RequestUser } from '../common/request-user';
import { OrderSubmissionService } from '../order-requests/order-submission.service';
import { QuoteSubmissionService } from '../quote-requests/quote-submission.service';
import * as repo from './programme.repository';
import { ProgrammeService, requestedView, type DueLine } from './programme.service';

type Due = { line: DueLine; slot: repo.DueSlotRow };

/**
 * "Request the month": what a site has due in a month becomes one order request (the lines with a
 * price) and one quote request (custom sizes and anything without a price), both naming the site and
 * the month, in one transaction. The `programme_requests` row (primary key: site and month) is
 * claimed first, so a repeat — or a second call at the same moment, which waits on the claim —
 * answers with the same two and creates nothing.
 */
@Injectable()
export class ProgrammeRequestsService {
  constructor(
    private readonly db: DataSource,
    private readonly programme: ProgrammeService,
    private readonly orders: OrderSubmissionService,
    private readonly quotes: QuoteSubmissionService,
  ) {}

  async requestMonth(user: RequestUser, input: RequestMonthInput) {
    if (isSuperadmin(user) || !user.companyId) throw new ApiException(403, ORDER_MSG.superadminCannotOrder);
    const companyId = user.companyId;
    const site = await repo.findSite(this.db, input.site_id);
    if (!site || site.company_id !== companyId) throw new ApiException(404, M.siteNotFound);
    if (user.role !== 'admin' && !site.contacts.some((c) => c._id === user.id)) {
      throw new ApiException(403, M.requestForbidden);
    }
    const month = monthName(input.month);
    return this.db.transaction(async (m) => {
      if (!(await repo.claimProgrammeRequest(m, companyId, site.id, input.month, user.id))) {
        const existing = (await repo.findProgrammeRequest(m, site.id, input.month))!;
        return { status: 201, message: M.alreadyRequested(site.name, month), data: requestedView(existing) };
      }
      if (site.status !== 'active') throw new ApiException(409, M.siteArchived);
      const due = await this.programme.dueOfSiteMonth(m, companyId, site.id, input.month);
      if (!due.length) {
        throw new ApiException(400, M.nothingDue(site.name, month), { month: M.nothingDue(site.name, month) });
      }
      const note = M.requestNote(site.name, month);
      const priced = due.filter((d) => d.line.unit_price !== null);
      const quoted = due.filter((d) => d.line.unit_price === null);
      const order = priced.length ? await this.order(m, user, site.id, note, priced) : null;
      const quote = quoted.length ? await this.quote(m, user, note, quoted) : null;
      await repo.setProgrammeRequest(m, site.id, input.month, order?._id ?? null, quote?._id ?? null);
      await commitChange(
        m,
        user.actor,
        programmeChange({
          companyId,
          siteIds: [site.id],
          audit: [
            {
              action: 'site.month_requested',
              entity: 'site',
              entityId: site.id,
              companyId,
              after: {
                month: input.month,
                order_request: order?.number ?? null,
                quote_request: quote?.number ?? null,
                lines: due.length,
              },
            },
          ],
        }),
      );
      return {
        status: 201,
        message: M.requested(site.name, month),
        data: {
          order_request: order ? { _id: order._id, number: order.number } : null,
          quote_request: quote ? { _id: quote._id, number: quote.number } : null,
        },
      };
    });
  }

  private order(m: EntityManager, user: RequestUser, siteId: string, note: string, due: Due[]) {
    const lines = due.map(({ line, slot }) =>
      slot.fitted_kind === 'agreed_item'
        ? { kind: 'agreed_item', agreed_item_id: slot.agreed_item_id, quantity: line.quantity }
        : { kind: 'catalogue', variant_id: slot.variant_id, quantity: line.quantity },
    );
    const input = createOrderRequestSchema.parse({ lines, site_id: siteId, note });
    return this.orders.createOrderRequest(user, input, undefined, m);
  }

  private quote(m: EntityManager, user: RequestUser, note: string, due: Due[]) {
    const lines = due.map(({ line, slot }) => {
      if (slot.fitted_kind !== 'catalogue' && slot.catalogue_id && slot.width !== null) {
        return {
          kind: 'custom_size',
          catalogue_id: slot.catalogue_id,
          width: slot.width,
          height: slot.height,
          depth: slot.depth,
          measure: slot.measure ?? 'nominal',
          quantity: line.quantity,
        };
      }
      if (slot.fitted_kind === 'catalogue') {
        return { kind: 'catalogue', variant_id: slot.variant_id, quantity: line.quantity };
      }
      // An agreed item without dimensions whose price is no longer held: asked for by its part number.
      return { kind: 'unlisted', part_number: (line.part_number ?? line.size).slice(0, 100), quantity: line.quantity };
    });
    const input = createQuoteRequestSchema.parse({ lines, note });
    return this.quotes.createQuoteRequest(user, input, undefined, m);
  }
}
