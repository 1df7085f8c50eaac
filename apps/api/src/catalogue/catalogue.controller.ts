import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CATALOGUE_MSG } from '@portal/domain';
import { Allow, CurrentUser, Public } from '../common/access.decorators';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { CatalogueService, type SearchQuery } from './catalogue.service';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Catalogue reads (spec §7 Catalogue) for every signed-in role. `{id}` is the category or
 * sub-category being viewed. Product routes answer with JSON text built by Postgres.
 */
@Controller('catalogue')
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Allow()
  @Get()
  list(@CurrentUser() user: RequestUser, @Query('role') role: unknown) {
    return this.catalogue.categories(user, role);
  }

  @Allow()
  @Get('subcatalogue/:catalogueId')
  subcatalogues(@CurrentUser() user: RequestUser, @Param('catalogueId') id: string, @Query('role') role: unknown) {
    return this.catalogue.subcategories(user, id, role);
  }

  @Allow()
  @Get('product/:id')
  @Header('content-type', JSON_TYPE)
  products(@CurrentUser() user: RequestUser, @Param('id') id: string): Promise<string> {
    return this.catalogue.products(user, id);
  }

  @Allow()
  @Get('productNumber/:id')
  @Header('content-type', JSON_TYPE)
  partNumber(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Query('partNumber') partNumber: unknown,
  ): Promise<string> {
    return this.catalogue.partNumber(user, id, partNumber);
  }

  @Allow()
  @Get('searchproduct/:id')
  @Header('content-type', JSON_TYPE)
  search(@CurrentUser() user: RequestUser, @Param('id') id: string, @Query() query: SearchQuery): Promise<string> {
    return this.catalogue.search(user, id, query);
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
