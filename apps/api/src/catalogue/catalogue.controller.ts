import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CATALOGUE_MSG, CATALOGUE_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { ApiException } from '../common/api-exception';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { sendCached } from './catalogue-cache';
import { CatalogueViewer } from './catalogue-viewer';
import { CatalogueService } from './catalogue.service';
import { FindService } from './find.service';

/**
 * Catalogue reads for every signed-in role. `{id}` is the category or sub-category being viewed.
 * Bodies come from the catalogue cache, sent in the client's encoding with an ETag. Every read takes
 * `?asCompany={companyId}` from a superadmin: the answer is that company's employees' (see
 * CatalogueViewer).
 */
@Controller()
export class CatalogueController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly finder: FindService,
  ) {}

  /** One box: a part number, an alias or a nominal size (with narrowing words), across the catalogue. */
  @Route(R.find)
  find(
    @CurrentUser() user: RequestUser,
    @CatalogueViewer() viewer: RequestUser,
    @In() { query }: RouteInput<typeof R.find>,
  ) {
    // A superadmin viewing as a company sees its prices, but the search is not that company's demand.
    return this.finder.find(viewer, query, viewer === user ? user.companyId : null);
  }

  @Route(R.categories)
  async list(
    @CatalogueViewer() viewer: RequestUser,
    @In() { query }: RouteInput<typeof R.categories>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.categories(viewer, query.unfiltered));
  }

  @Route(R.subcategories)
  async subcatalogues(
    @CatalogueViewer() viewer: RequestUser,
    @In() { params, query }: RouteInput<typeof R.subcategories>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.subcategories(viewer, params.catalogueId, query.unfiltered));
  }

  @Route(R.products)
  async products(
    @CatalogueViewer() viewer: RequestUser,
    @In() { params }: RouteInput<typeof R.products>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.products(viewer, params.id));
  }

  @Route(R.partNumber)
  async partNumber(
    @CatalogueViewer() viewer: RequestUser,
    @In() { params, query }: RouteInput<typeof R.partNumber>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.partNumber(viewer, params.id, query.partNumber));
  }

  @Route(R.searchBySize)
  async search(
    @CatalogueViewer() viewer: RequestUser,
    @In() { params, query }: RouteInput<typeof R.searchBySize>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCached(reply, await this.catalogue.search(viewer, params.id, query));
  }

  /**
   * Category artwork (our own SVGs). Public so `<img src>` works without a bearer token; served as
   * an image with `nosniff` and a CSP that forbids scripts and external loads inside the SVG.
   */
  @Route(R.image)
  async image(@In() { params }: RouteInput<typeof R.image>, @Res() reply: FastifyReply): Promise<void> {
    const svg = await this.catalogue.image(params.id);
    if (!svg) throw new ApiException(404, CATALOGUE_MSG.imageNotAvailable);
    await reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('content-disposition', 'inline; filename="category.svg"')
      .send(svg);
  }
}
