import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  PRICELIST_MSG,
  createPricelistSchema,
  idSchema,
  pricelistListQuerySchema,
  type CreatePricelistInput,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { sendFile } from '../common/send-file';
import { ZodPipe } from '../common/zod.pipe';
import { PricelistsService } from './pricelists.service';

/**
 * Customer price lists. Employees and admins request their own company's prices; a superadmin names
 * the company. Only the requester (and superadmins) can read or download a list.
 */
/** A price-list id in the path: anything but a UUID is 404, like an unknown or foreign id. */
const PRICELIST_ID = new ZodPipe(idSchema, { status: 404, message: PRICELIST_MSG.notFound });

@Controller('pricelists')
export class PricelistsController {
  constructor(private readonly pricelists: PricelistsService) {}

  @Allow('superadmin', 'admin', 'employee')
  @Post()
  @HttpCode(202)
  create(@CurrentUser() user: RequestUser, @Body(new ZodPipe(createPricelistSchema)) body: CreatePricelistInput) {
    return this.pricelists.create(user, body);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get()
  list(@CurrentUser() user: RequestUser, @Query(new ZodPipe(pricelistListQuerySchema)) query: { companyId?: string }) {
    return this.pricelists.list(user, query.companyId);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get(':id')
  one(@CurrentUser() user: RequestUser, @Param('id', PRICELIST_ID) id: string) {
    return this.pricelists.get(user, id);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get(':id/download')
  async download(
    @CurrentUser() user: RequestUser,
    @Param('id', PRICELIST_ID) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendFile(reply, await this.pricelists.open(user, id), { sandbox: true, cacheControl: 'private, no-store' });
  }
}
