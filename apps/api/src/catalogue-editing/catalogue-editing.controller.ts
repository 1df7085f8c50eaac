import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CATALOGUE_EDITING_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { sendFile, type OutgoingFile } from '../common/send-file';
import { CatalogueEditingService } from './catalogue-editing.service';
import { CategoriesEditingService } from './categories.service';
import { ProductsEditingService } from './products.service';
import { CatalogueFilesService } from './files.service';

/**
 * Catalogue mutations and the grid's atomic save — superadmin only (the guard answers
 * everyone else 403 'You are not authorized to perform this action.') — plus product resources.
 */
@Controller()
export class CatalogueEditingController {
  constructor(
    private readonly editing: CatalogueEditingService,
    private readonly files: CatalogueFilesService,
    private readonly categories: CategoriesEditingService,
    private readonly products: ProductsEditingService,
  ) {}

  /** A category's product line (the key that picks each company's percentage). */
  @Route(R.updateCategory)
  updateCategory(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.updateCategory>) {
    return this.categories.update(user, params.categoryId, body);
  }

  /** Atomic grid save: 200 saved, 400 per-row errors, 409 stale rows (body carries `conflicts`). */
  @Route(R.saveVariants)
  async save(
    @CurrentUser() user: RequestUser,
    @In() { params, body }: RouteInput<typeof R.saveVariants>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const result = await this.editing.saveVariants(user, params.productId, body);
    if (result.kind === 'conflict') void reply.status(409).header('cache-control', 'no-store');
    return result.body;
  }

  @Route(R.appendVariants)
  append(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.appendVariants>) {
    return this.editing.appendVariants(user, params.productId, body);
  }

  @Route(R.deleteFile)
  deleteFile(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.deleteFile>) {
    return this.files.remove(user, params.fileId);
  }

  @Route(R.uploadFile)
  upload(
    @CurrentUser() user: RequestUser,
    @In() { params }: RouteInput<typeof R.uploadFile>,
    @Req() req: FastifyRequest,
  ) {
    return this.files.upload(user, params.id, req);
  }

  @Route(R.updateVariant)
  updateVariant(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.updateVariant>) {
    return this.editing.updateVariant(user, params.productId, params.variantId, body);
  }

  @Route(R.deleteVariant)
  deleteVariant(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.deleteVariant>) {
    return this.editing.deleteVariant(user, params.productId, params.variantId);
  }

  @Route(R.addProduct)
  addProduct(@CurrentUser() user: RequestUser, @In() { body }: RouteInput<typeof R.addProduct>) {
    return this.products.addProduct(user, body);
  }

  @Route(R.deleteProduct)
  async deleteProduct(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.deleteProduct>) {
    const { result, storage } = await this.products.deleteProduct(user, params.id);
    await this.files.removeStored(storage);
    return result;
  }

  @Route(R.priceHistory)
  priceHistory(@In() { params }: RouteInput<typeof R.priceHistory>) {
    return this.products.priceHistory(params.variantId);
  }

  /** Resources of a product (or category / sub-category): superadmins see every status. */
  @Route(R.listFiles)
  listFiles(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.listFiles>) {
    return this.files.list(user, params.productId);
  }

  @Route(R.file)
  async file(
    @CurrentUser() user: RequestUser,
    @In() { params, query }: RouteInput<typeof R.file>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const f = await this.files.open(user, params.fileId, false);
    const download = query.download === '1' || query.download === 'true';
    const disposition = download ? f.disposition.replace(/^inline/, 'attachment') : f.disposition;
    await this.send(reply, { ...f, disposition });
  }

  @Route(R.thumbnail)
  async thumbnail(
    @CurrentUser() user: RequestUser,
    @In() { params }: RouteInput<typeof R.thumbnail>,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.files.open(user, params.fileId, true));
  }

  private send(reply: FastifyReply, f: OutgoingFile): Promise<void> {
    return sendFile(reply, f, { sandbox: f.mime.startsWith('image/'), cacheControl: 'private, max-age=300' });
  }
}
