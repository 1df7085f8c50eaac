import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  agreedItemListQuerySchema,
  agreedItemPatchSchema,
  cancelOrderSchema,
  companyOrderingSchema,
  confirmOrderSchema,
  createOrderRequestSchema,
  idSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderVersionSchema,
  rejectOrderSchema,
  shipOrderSchema,
  type AgreedItemListQuery,
  type AgreedItemPatch,
  type CreateOrderRequestInput,
  type OrderActionInput,
  type OrderListQuery,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { ZodPipe } from '../common/zod.pipe';
import { ApiException } from '../common/api-exception';
import { OrderRequestsService } from './order-requests.service';
import { OrderSubmissionService } from './order-submission.service';
import { renderOrderPdf } from './order-pdf';
import { writeOrderExport } from './order-export';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
const KEY_MSG = 'Idempotency-Key must be 1-200 visible characters';

/**
 * Order requests. Employees and admins order (superadmins: 403); a company admin approves an
 * employee's request over the threshold; the office (superadmins) acknowledges, confirms, ships.
 * Which action a caller may take on which request is the state table in libs/domain.
 */
@Controller('order-requests')
export class OrderRequestsController {
  constructor(
    private readonly orders: OrderRequestsService,
    private readonly ordering: OrderSubmissionService,
  ) {}

  @Allow('admin', 'employee')
  @Post()
  @HttpCode(201)
  submit(
    @CurrentUser() user: RequestUser,
    @Body(new ZodPipe(createOrderRequestSchema)) body: CreateOrderRequestInput,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new ApiException(400, KEY_MSG, { 'Idempotency-Key': KEY_MSG });
    }
    return this.ordering.submit(user, body, key);
  }

  @Allow('admin', 'employee')
  @Post('preview')
  @HttpCode(200)
  preview(
    @CurrentUser() user: RequestUser,
    @Body(new ZodPipe(createOrderRequestSchema)) body: CreateOrderRequestInput,
  ) {
    return this.ordering.preview(user, body);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get()
  list(@CurrentUser() user: RequestUser, @Query(new ZodPipe(orderListQuerySchema)) query: OrderListQuery) {
    return this.orders.list(user, query);
  }

  /** `GET order-requests/export?from&to&format=csv|xlsx`: one row per line (the office). */
  @Allow('superadmin')
  @Get('export')
  async export(
    @Query(new ZodPipe(orderExportQuerySchema)) query: { from: string; to: string; format: 'csv' | 'xlsx' },
    @Res() reply: FastifyReply,
  ): Promise<void> {
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

  @Allow('superadmin', 'admin', 'employee')
  @Get(':id/pdf')
  async pdf(@CurrentUser() user: RequestUser, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const { row, site, lines } = await this.orders.forPdf(user, id);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="order-${row.number}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(renderOrderPdf(row, site, lines));
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get(':id')
  detail(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.orders.detail(user, id);
  }

  /* ---- the company's admin (never the requester) */

  @Allow('admin')
  @Post(':id/approve')
  @HttpCode(200)
  approve(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(orderVersionSchema)) body: OrderActionInput,
  ) {
    return this.orders.act(user, id, 'approve', body);
  }

  @Allow('admin')
  @Post(':id/reject')
  @HttpCode(200)
  reject(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(rejectOrderSchema)) body: OrderActionInput,
  ) {
    return this.orders.act(user, id, 'reject', body);
  }

  /* ---- the office */

  @Allow('superadmin')
  @Post(':id/acknowledge')
  @HttpCode(200)
  acknowledge(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(orderVersionSchema)) body: OrderActionInput,
  ) {
    return this.orders.act(user, id, 'acknowledge', body);
  }

  @Allow('superadmin')
  @Post(':id/confirm')
  @HttpCode(200)
  confirm(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(confirmOrderSchema)) body: OrderActionInput,
  ) {
    return this.orders.act(user, id, 'confirm', body);
  }

  @Allow('superadmin')
  @Post(':id/ship')
  @HttpCode(200)
  ship(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(shipOrderSchema)) body: OrderActionInput,
  ) {
    return this.orders.act(user, id, 'ship', body);
  }

  /* ---- either side (the table says who may cancel what) */

  @Allow('superadmin', 'admin', 'employee')
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(cancelOrderSchema)) body: OrderActionInput,
  ) {
    return this.orders.act(user, id, 'cancel', body);
  }
}

/** A company's agreed items (from accepted quotes): the company's people read, the office renews. */
@Controller('agreed-items')
export class AgreedItemsController {
  constructor(private readonly orders: OrderRequestsService) {}

  @Allow('superadmin', 'admin', 'employee')
  @Get()
  list(@CurrentUser() user: RequestUser, @Query(new ZodPipe(agreedItemListQuerySchema)) query: AgreedItemListQuery) {
    return this.orders.listAgreedItems(user, query);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get(':id')
  detail(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.orders.agreedItem(user, id);
  }

  @Allow('superadmin', 'admin')
  @Patch(':id')
  update(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(agreedItemPatchSchema)) body: AgreedItemPatch,
  ) {
    return this.orders.updateAgreedItem(user, id, body);
  }
}

/** The company's ordering settings (the approval threshold): a superadmin or that company's admin. */
@Controller('company')
export class CompanyOrderingController {
  constructor(private readonly orders: OrderRequestsService) {}

  @Allow('superadmin', 'admin')
  @Get(':id/ordering')
  read(@CurrentUser() user: RequestUser, @Param('id', new ZodPipe(idSchema)) id: string) {
    return this.orders.ordering(user, id);
  }

  @Allow('superadmin', 'admin')
  @Patch(':id/ordering')
  update(
    @CurrentUser() user: RequestUser,
    @Param('id', new ZodPipe(idSchema)) id: string,
    @Body(new ZodPipe(companyOrderingSchema)) body: { approval_threshold: number | null },
  ) {
    return this.orders.setApprovalThreshold(user, id, body.approval_threshold);
  }
}
