import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { exportQuerySchema, importChangesQuerySchema } from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { ZodPipe } from '../common/zod.pipe';
import { CatalogueImportService } from './catalogue-import.service';

/** Catalogue spreadsheets: export, and import with a dry run before anything changes. Superadmin only. */
@Controller('catalogue')
export class CatalogueImportController {
  constructor(private readonly imports: CatalogueImportService) {}

  @Allow('superadmin')
  @Get('export')
  async export(
    @Query(new ZodPipe(exportQuerySchema)) q: { format: 'csv' | 'xlsx'; catalogueId?: string },
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.imports.export(reply, q.format, q.catalogueId);
  }

  @Allow('superadmin')
  @Post('imports')
  @HttpCode(202)
  start(@CurrentUser() user: RequestUser, @Req() req: FastifyRequest) {
    return this.imports.start(user, req);
  }

  @Allow('superadmin')
  @Post('imports/preview')
  @HttpCode(200)
  preview(@Req() req: FastifyRequest) {
    return this.imports.preview(req);
  }

  @Allow('superadmin')
  @Get('imports/:id')
  get(
    @Param('id') id: string,
    @Query(new ZodPipe(importChangesQuerySchema))
    q: { page: number; limit: number; errorsPage: number; errorsLimit: number },
  ) {
    return this.imports.get(id, q);
  }

  @Allow('superadmin')
  @Post('imports/:id/apply')
  @HttpCode(202)
  apply(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.imports.apply(user, id);
  }
}
