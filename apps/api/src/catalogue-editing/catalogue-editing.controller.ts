import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CATALOGUE_MSG,
  EDIT_MSG,
  categoryUpdateSchema,
  parseAppendVariantsBody,
  parseEditId,
  parseNewProductBody,
  parseSaveVariantsBody,
  parseVariantPatchBody,
  type CategoryUpdateInput,
  type NewProductInput,
  type SaveVariantsInput,
  type VariantInput,
  FILE_MSG,
  idSchema,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { sendFile, type OutgoingFile } from '../common/send-file';
import { ZodPipe } from '../common/zod.pipe';
import { EditPipe } from './edit.pipe';
import { CatalogueEditingService } from './catalogue-editing.service';
import { CategoriesEditingService } from './categories.service';
import { ProductsEditingService } from './products.service';
import { CatalogueFilesService } from './files.service';

/**
 * Catalogue mutations and the grid's atomic save — superadmin only (the guard answers
 * everyone else 403 'You are not authorized to perform this action.') — plus product resources.
 */
const productIdPipe = new EditPipe(parseEditId(CATALOGUE_MSG.invalidProductId));
const variantIdPipe = new EditPipe(parseEditId(EDIT_MSG.invalidVariantId));

/** File and owner ids in paths: anything but a UUID answers the route's 404, like an unknown id. */
const FILE_ID = new ZodPipe(idSchema, { status: 404, message: FILE_MSG.notFound });
const OWNER_ID = new ZodPipe(idSchema, { status: 404, message: FILE_MSG.ownerNotFound });

@Controller('catalogue')
export class CatalogueEditingController {
  constructor(
    private readonly editing: CatalogueEditingService,
    private readonly files: CatalogueFilesService,
    private readonly categories: CategoriesEditingService,
    private readonly products: ProductsEditingService,
  ) {}

  /** A category's product line (the key that picks each company's percentage). */
  @Allow('superadmin')
  @Patch('category/:categoryId')
  updateCategory(
    @CurrentUser() user: RequestUser,
    @Param('categoryId', new EditPipe(parseEditId(EDIT_MSG.invalidCatalogueId))) categoryId: string,
    @Body(new ZodPipe(categoryUpdateSchema)) body: CategoryUpdateInput,
  ) {
    return this.categories.update(user, categoryId, body);
  }

  /** Atomic grid save: 200 saved, 400 per-row errors, 409 stale rows (body carries `conflicts`). */
  @Allow('superadmin')
  @Put('product/:productId/variants')
  async save(
    @CurrentUser() user: RequestUser,
    @Param('productId', productIdPipe) productId: string,
    @Body(new EditPipe(parseSaveVariantsBody)) body: SaveVariantsInput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const result = await this.editing.saveVariants(user, productId, body);
    if (result.kind === 'conflict') void reply.status(409).header('cache-control', 'no-store');
    return result.body;
  }

  @Allow('superadmin')
  @Patch('appendvarient/:productId')
  @HttpCode(201)
  append(
    @CurrentUser() user: RequestUser,
    @Param('productId', productIdPipe) productId: string,
    @Body(new EditPipe(parseAppendVariantsBody)) body: VariantInput[],
  ) {
    return this.editing.appendVariants(user, productId, body);
  }

  @Allow('superadmin')
  @Patch('deletefile/:fileId')
  deleteFile(@CurrentUser() user: RequestUser, @Param('fileId', FILE_ID) fileId: string) {
    return this.files.remove(user, fileId);
  }

  @Allow('superadmin')
  @Patch('upload/file/:id')
  upload(@CurrentUser() user: RequestUser, @Param('id', OWNER_ID) id: string, @Req() req: FastifyRequest) {
    return this.files.upload(user, id, req);
  }

  @Allow('superadmin')
  @Patch(':productId/variant/:variantId')
  updateVariant(
    @CurrentUser() user: RequestUser,
    @Param('productId', productIdPipe) productId: string,
    @Param('variantId', variantIdPipe) variantId: string,
    @Body(new EditPipe(parseVariantPatchBody)) body: VariantInput,
  ) {
    return this.editing.updateVariant(user, productId, variantId, body);
  }

  @Allow('superadmin')
  @Delete(':productId/variant/:variantId')
  deleteVariant(
    @CurrentUser() user: RequestUser,
    @Param('productId', productIdPipe) productId: string,
    @Param('variantId', variantIdPipe) variantId: string,
  ) {
    return this.editing.deleteVariant(user, productId, variantId);
  }

  @Allow('superadmin')
  @Post('product')
  @HttpCode(201)
  addProduct(@CurrentUser() user: RequestUser, @Body(new EditPipe(parseNewProductBody)) body: NewProductInput) {
    return this.products.addProduct(user, body);
  }

  @Allow('superadmin')
  @Delete('product/:id')
  async deleteProduct(@CurrentUser() user: RequestUser, @Param('id', productIdPipe) id: string) {
    const { result, storage } = await this.products.deleteProduct(user, id);
    await this.files.removeStored(storage);
    return result;
  }

  @Allow('superadmin')
  @Get('variant/:variantId/price-history')
  priceHistory(@Param('variantId', variantIdPipe) variantId: string) {
    return this.products.priceHistory(variantId);
  }

  /** Resources of a product (or category / sub-category): superadmins see every status. */
  @Allow()
  @Get('product/:productId/files')
  listFiles(@CurrentUser() user: RequestUser, @Param('productId', OWNER_ID) productId: string) {
    return this.files.list(user, productId);
  }

  @Allow()
  @Get('file/:fileId')
  async file(
    @CurrentUser() user: RequestUser,
    @Param('fileId', FILE_ID) fileId: string,
    @Query('download') download: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const f = await this.files.open(user, fileId, false);
    const disposition =
      download === '1' || download === 'true' ? f.disposition.replace(/^inline/, 'attachment') : f.disposition;
    await this.send(reply, { ...f, disposition });
  }

  @Allow()
  @Get('file/:fileId/thumbnail')
  async thumbnail(
    @CurrentUser() user: RequestUser,
    @Param('fileId', FILE_ID) fileId: string,
    @Res() reply: FastifyReply,
  ) {
    await this.send(reply, await this.files.open(user, fileId, true));
  }

  private send(reply: FastifyReply, f: OutgoingFile): Promise<void> {
    return sendFile(reply, f, { sandbox: f.mime.startsWith('image/'), cacheControl: 'private, max-age=300' });
  }
}
