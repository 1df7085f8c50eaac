import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  createPriceChangeSchema,
  idSchema,
  priceChangeListQuerySchema,
  updatePriceChangeSchema,
  type CreatePriceChangeInput,
  type PriceChangeListQuery,
  type UpdatePriceChangeInput,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { ZodPipe } from '../common/zod.pipe';
import { PriceChangesService } from './price-changes.service';

/**
 * Price changes on a date. Superadmins schedule, move and cancel them; a company's people read only
 * the announced changes to their own prices (the catalogue's banner).
 */
@Controller('price-changes')
export class PriceChangesController {
  constructor(private readonly changes: PriceChangesService) {}

  @Allow('superadmin')
  @Post()
  @HttpCode(201)
  create(@Body(new ZodPipe(createPriceChangeSchema)) body: CreatePriceChangeInput, @CurrentUser() user: RequestUser) {
    return this.changes.create(body, user);
  }

  @Allow('superadmin')
  @Get()
  list(@Query(new ZodPipe(priceChangeListQuerySchema)) query: PriceChangeListQuery) {
    return this.changes.list(query);
  }

  /** The caller's company's announced changes (banner). */
  @Allow('admin', 'employee')
  @Get('notices')
  notices(@CurrentUser() user: RequestUser) {
    return this.changes.notices(user);
  }

  @Allow('superadmin')
  @Get(':id')
  detail(@Param('id', new ZodPipe(idSchema)) id: string) {
    return this.changes.detail(id);
  }

  @Allow('superadmin')
  @Patch(':id')
  update(
    @Param('id', new ZodPipe(idSchema)) id: string,
    @Body(new ZodPipe(updatePriceChangeSchema)) body: UpdatePriceChangeInput,
    @CurrentUser() user: RequestUser,
  ) {
    return this.changes.update(id, body, user);
  }

  @Allow('superadmin')
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Param('id', new ZodPipe(idSchema)) id: string, @CurrentUser() user: RequestUser) {
    return this.changes.cancel(id, user);
  }
}
