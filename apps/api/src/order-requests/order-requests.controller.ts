import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  AGREED_ITEM_ROUTES as A,
  COMPANY_ORDERING_ROUTES as C,
  ORDER_ROUTES as R,
  type RouteInput,
} from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { OrderRequestsService } from './order-requests.service';
import { OrderSubmissionService } from './order-submission.service';
import { renderOrderPdf } from './order-pdf';
import { writeOrderExport } from './order-export';

/**
 * Order requests. Employees and admins order (superadmins: 403); a company admin approves an
 * employee's request over the threshold; the office (superadmins) acknowledges, confirms, ships.
 * Which action a caller may take on which request is the state table in libs/domain; the route
 * table only keeps each side to its own actions.
 */
@Controller()
export class OrderRequestsController {
  constructor(
    private readonly orders: OrderRequestsService,
    private readonly ordering: OrderSubmissionService,
  ) {}

  @Route(R.submit)
  submit(@CurrentUser() user: RequestUser, @In() { body, headers }: RouteInput<typeof R.submit>) {
    return this.ordering.submit(user, body, headers['idempotency-key']);
  }

  @Route(R.preview)
  preview(@CurrentUser() user: RequestUser, @In() { body }: RouteInput<typeof R.preview>) {
    return this.ordering.preview(user, body);
  }

  @Route(R.list)
  list(@CurrentUser() user: RequestUser, @In() { query }: RouteInput<typeof R.list>) {
    return this.orders.list(user, query);
  }

  @Route(R.export)
  async export(@In() { query }: RouteInput<typeof R.export>, @Res() reply: FastifyReply): Promise<void> {
    const rows = await this.orders.exportLines(query.from, query.to);
    const type =
      query.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="orders-${query.from}-${query.to}.${query.format}"`)
      .header('cache-control', 'no-store')
      .send(await writeOrderExport(query.format, rows));
  }

  @Route(R.pdf)
  async pdf(
    @CurrentUser() user: RequestUser,
    @In() { params }: RouteInput<typeof R.pdf>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { row, site, lines } = await this.orders.forPdf(user, params.id);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="order-${row.number}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(renderOrderPdf(row, site, lines));
  }

  @Route(R.detail)
  detail(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.detail>) {
    return this.orders.detail(user, params.id);
  }

  /* ---- the company's admin (never the requester) */

  @Route(R.approve)
  approve(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.approve>) {
    return this.orders.act(user, params.id, 'approve', body);
  }

  @Route(R.reject)
  reject(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.reject>) {
    return this.orders.act(user, params.id, 'reject', body);
  }

  /* ---- the office */

  @Route(R.acknowledge)
  acknowledge(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.acknowledge>) {
    return this.orders.act(user, params.id, 'acknowledge', body);
  }

  @Route(R.confirm)
  confirm(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.confirm>) {
    return this.orders.act(user, params.id, 'confirm', body);
  }

  @Route(R.ship)
  ship(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.ship>) {
    return this.orders.act(user, params.id, 'ship', body);
  }

  /* ---- either side (the table says who may cancel what) */

  @Route(R.cancel)
  cancel(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.cancel>) {
    return this.orders.act(user, params.id, 'cancel', body);
  }
}

/** A company's agreed items (from accepted quotes): the company's people read, the office renews. */
@Controller()
export class AgreedItemsController {
  constructor(private readonly orders: OrderRequestsService) {}

  @Route(A.list)
  list(@CurrentUser() user: RequestUser, @In() { query }: RouteInput<typeof A.list>) {
    return this.orders.listAgreedItems(user, query);
  }

  @Route(A.detail)
  detail(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof A.detail>) {
    return this.orders.agreedItem(user, params.id);
  }

  @Route(A.update)
  update(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof A.update>) {
    return this.orders.updateAgreedItem(user, params.id, body);
  }
}

/** The company's ordering settings (the approval threshold): a superadmin or that company's admin. */
@Controller()
export class CompanyOrderingController {
  constructor(private readonly orders: OrderRequestsService) {}

  @Route(C.read)
  read(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof C.read>) {
    return this.orders.ordering(user, params.id);
  }

  @Route(C.update)
  update(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof C.update>) {
    return this.orders.setApprovalThreshold(user, params.id, body.approval_threshold);
  }
}
