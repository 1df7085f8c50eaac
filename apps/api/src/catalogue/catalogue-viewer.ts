import { createParamDecorator, Injectable, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { asCompanyQuerySchema } from '@portal/domain';
import type { RequestUser } from '../common/request-user';
import { CatalogueService } from './catalogue.service';

interface ViewerSource {
  user: RequestUser | undefined;
  query: unknown;
}

/** Resolves the signed-in user and `?asCompany=` into the viewer a catalogue read answers for. */
@Injectable()
export class CatalogueViewerPipe implements PipeTransform<ViewerSource, Promise<RequestUser>> {
  /** The query this pipe reads (listed in the OpenAPI document). */
  static readonly querySchema = asCompanyQuerySchema;

  constructor(private readonly catalogue: CatalogueService) {}

  transform({ user, query }: ViewerSource): Promise<RequestUser> {
    if (!user) throw new Error('CatalogueViewer used on a route without an authenticated user');
    return this.catalogue.viewer(user, asCompanyQuerySchema.parse(query ?? {}).asCompany);
  }
}

const viewerSource = createParamDecorator((_: unknown, ctx: ExecutionContext): ViewerSource => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  return { user: req.user, query: req.query };
});

/**
 * Who a catalogue read is for: the signed-in user, or for a superadmin's `?asCompany={companyId}` an
 * employee of that company (see CatalogueService.viewer, which answers 403/400/404 otherwise).
 */
export const CatalogueViewer = () => viewerSource(CatalogueViewerPipe);
