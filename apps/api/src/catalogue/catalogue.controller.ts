import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  CATALOGUE_MSG,
  catalogueRoleQuerySchema,
  dimensionQuerySchema,
  findQuerySchema,
  type FindQuery,
  partNumberQuerySchema,
  type CatalogueRoleQuery,
  type DimensionQuery,
  type PartNumberQuery,
} from '@portal/domain';
import { Allow, CurrentUser, Public } from '../common/access.decorators';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { sendCached } from './catalogue-cache';
import { CatalogueViewer } from './catalogue-viewer';
import { ZodPipe } from '../common/zod.pipe';
import { CatalogueService } from './catalogue.service';
import { FindService } from './find.service';

/**
 * Catalogue reads for every signed-in role. `{id}` is the category or sub-category being viewed.
 * Bodies come from the catalogue cache, sent in the client's encoding with an ETag. Every read takes
 * `?asCompany={companyId}` from a superadmin: the answer is that company's employees' (see
 * CatalogueViewer).
 */
@Controller('catalogue')
export class CatalogueController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly finder: FindService,
  ) {}

  /** One box: a part number, an alias or a nominal size (with narrowing words), across the catalogue. */
  @Allow()
  @Get('find')
  find(
    @CurrentUser() user: RequestUser,
    @CatalogueViewer() viewer: RequestUser,
    @Query(new ZodPipe(findQuerySchema)) q: FindQuery,
  ) {
    // A superadmin viewing as a company sees its prices, but the search is not that company's demand.
    return this.finder.find(viewer, q, viewer === user ? user.companyId : null);
  }

  @Allow()
  @Get()
  async list(
    @CatalogueViewer() viewer: RequestUser,
    @Query(new ZodPipe(catalogueRoleQuerySchema)) q: CatalogueRoleQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.categories(viewer, q.unfiltered));
  }

  @Allow()
  @Get('subcatalogue/:catalogueId')
  async subcatalogues(
    @CatalogueViewer() viewer: RequestUser,
    @Param('catalogueId') id: string,
    @Query(new ZodPipe(catalogueRoleQuerySchema)) q: CatalogueRoleQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.subcategories(viewer, id, q.unfiltered));
  }

  @Allow()
  @Get('product/:id')
  async products(
    @CatalogueViewer() viewer: RequestUser,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.products(viewer, id));
  }

  @Allow()
  @Get('productNumber/:id')
  async partNumber(
    @CatalogueViewer() viewer: RequestUser,
    @Param('id') id: string,
    @Query(new ZodPipe(partNumberQuerySchema)) q: PartNumberQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.partNumber(viewer, id, q.partNumber));
  }

  @Allow()
  @Get('searchproduct/:id')
  async search(
    @CatalogueViewer() viewer: RequestUser,
    @Param('id') id: string,
    @Query(new ZodPipe(dimensionQuerySchema)) query: DimensionQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.search(viewer, id, query));
  }

  /**
   * Category artwork (our own SVGs). Public so `<img src>` works without a bearer token; served as
   * an image with `nosniff` and a CSP that forbids scripts and external loads inside the SVG.
   */
  @Public()
  @Get('image/:id')
  async image(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const svg = await this.catalogue.image(id);
    if (!svg) throw new ApiException(404, CATALOGUE_MSG.imageNotAvailable);
    await reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('content-disposition', 'inline; filename="category.svg"')
      .send(svg);
  }
}
