import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  agreedItemListQuerySchema,
  agreedItemPatchSchema,
  cancelOrderSchema,
  companyOrderingSchema,
  confirmOrderSchema,
  createOrderRequestSchema,
  idSchema,
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
  @Patch(':id/ordering')
  update(
    @CurrentUser() user: RequestUser,
    @Param('id', new ZodPipe(idSchema)) id: string,
    @Body(new ZodPipe(companyOrderingSchema)) body: { approval_threshold: number | null },
  ) {
    return this.orders.setApprovalThreshold(user, id, body.approval_threshold);
  }
}
