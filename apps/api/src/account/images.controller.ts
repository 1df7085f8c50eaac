import { Controller, Get, Param, Patch, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MSG, idSchema, imageNameSchema } from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { ZodPipe } from '../common/zod.pipe';
import { ImagesService, type ImageUploadResponse } from './images.service';

/** Profile and company images (`PATCH user/upload`, `PATCH company/upload/{companyId}`). */
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Allow()
  @Patch('user/upload')
  uploadProfile(@CurrentUser() user: RequestUser, @Req() req: FastifyRequest): Promise<ImageUploadResponse> {
    return this.images.uploadProfile(user, req);
  }

  @Allow('admin', 'superadmin')
  @Patch('company/upload/:companyId')
  uploadCompany(
    @CurrentUser() user: RequestUser,
    @Param('companyId', new ZodPipe(idSchema, { status: 404, message: ACCOUNT_MSG.upload.companyNotFound }))
    companyId: string,
    @Req() req: FastifyRequest,
  ): Promise<ImageUploadResponse> {
    return this.images.uploadCompany(user, companyId, req);
  }

  /**
   * Stored images by generated name, for signed-in users of the owning company (or a superadmin). Always re-encoded WebP, sent with
   * a fixed type, `Content-Disposition` and `nosniff` (set globally).
   */
  @Allow()
  @Get('files/images/:name')
  async image(
    @CurrentUser() user: RequestUser,
    @Param('name', new ZodPipe(imageNameSchema, { status: 404, message: ACCOUNT_MSG.upload.imageUnavailable }))
    name: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Tenancy: another company's pictures are 404 even to someone who learned the generated name.
    const data = (await this.images.canRead(user, name)) ? await this.images.store.read(name) : null;
    if (!data) throw new ApiException(404, ACCOUNT_MSG.upload.imageUnavailable);
    await reply
      .header('content-type', 'image/webp')
      .header('content-disposition', 'inline; filename="image.webp"')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  }
}
