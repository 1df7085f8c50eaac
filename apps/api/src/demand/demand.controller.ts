import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  demandPartsQuerySchema,
  demandResolveSchema,
  demandSizesQuerySchema,
  partAliasCreateSchema,
  partAliasListSchema,
  type DemandPartsQuery,
  type DemandResolveInput,
  type DemandSizesQuery,
  type PartAliasCreateInput,
  type PartAliasListQuery,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { ZodPipe } from '../common/zod.pipe';
import { DemandService } from './demand.service';
import { PartAliasesService } from './part-aliases.service';

/** Demand reports from the search log (superadmin). */
@Controller('demand')
export class DemandController {
  constructor(
    private readonly demand: DemandService,
    private readonly aliases: PartAliasesService,
  ) {}

  @Allow('superadmin')
  @Get('parts')
  parts(@Query(new ZodPipe(demandPartsQuerySchema)) q: DemandPartsQuery) {
    return this.demand.parts(q);
  }

  @Allow('superadmin')
  @Get('sizes')
  sizes(@Query(new ZodPipe(demandSizesQuerySchema)) q: DemandSizesQuery) {
    return this.demand.sizes(q);
  }

  @Allow('superadmin')
  @Get('log-status')
  logStatus() {
    return this.demand.logStatus();
  }

  @Allow('superadmin')
  @Post('parts/resolve')
  @HttpCode(201)
  resolve(@CurrentUser() user: RequestUser, @Body(new ZodPipe(demandResolveSchema)) body: DemandResolveInput) {
    return this.aliases.resolve(user, body);
  }
}

/** Cross-reference numbers (superadmin). */
@Controller('part-aliases')
export class PartAliasesController {
  constructor(private readonly aliases: PartAliasesService) {}

  @Allow('superadmin')
  @Post()
  @HttpCode(201)
  add(@CurrentUser() user: RequestUser, @Body(new ZodPipe(partAliasCreateSchema)) body: PartAliasCreateInput) {
    return this.aliases.add(user, body);
  }

  @Allow('superadmin')
  @Get()
  list(@Query(new ZodPipe(partAliasListSchema)) q: PartAliasListQuery) {
    return this.aliases.list(q);
  }

  @Allow('superadmin')
  @Delete(':id')
  remove(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.aliases.remove(user, id);
  }
}
