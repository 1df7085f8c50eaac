import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CATALOGUE_IMPORT_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { CatalogueImportService } from './catalogue-import.service';

/** Catalogue spreadsheets: export, and import with a dry run before anything changes. Superadmin only. */
@Controller()
export class CatalogueImportController {
  constructor(private readonly imports: CatalogueImportService) {}

  @Route(R.export)
  async export(@In() { query }: RouteInput<typeof R.export>, @Res() reply: FastifyReply): Promise<void> {
    await this.imports.export(reply, query.format, query.catalogueId);
  }

  @Route(R.start)
  start(@CurrentUser() user: RequestUser, @Req() req: FastifyRequest) {
    return this.imports.start(user, req);
  }

  @Route(R.preview)
  preview(@Req() req: FastifyRequest) {
    return this.imports.preview(req);
  }

  @Route(R.get)
  get(@In() { params, query }: RouteInput<typeof R.get>) {
    return this.imports.get(params.id, query);
  }

  @Route(R.apply)
  apply(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.apply>) {
    return this.imports.apply(user, params.id);
  }
}
