import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MSG, ACCOUNT_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { ApiException } from '../common/api-exception';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { ImagesService, type ImageUploadResponse } from './images.service';

/** Profile and company images (`PATCH user/upload`, `PATCH company/upload/{companyId}`). */
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Route(R.uploadProfileImage)
  uploadProfile(@CurrentUser() user: RequestUser, @Req() req: FastifyRequest): Promise<ImageUploadResponse> {
    return this.images.uploadProfile(user, req);
  }

  @Route(R.uploadCompanyImage)
  uploadCompany(
    @CurrentUser() user: RequestUser,
    @In() { params }: RouteInput<typeof R.uploadCompanyImage>,
    @Req() req: FastifyRequest,
  ): Promise<ImageUploadResponse> {
    return this.images.uploadCompany(user, params.companyId, req);
  }

  /**
   * Stored images by generated name, for signed-in users of the owning company (or a superadmin). Always re-encoded WebP, sent with
   * a fixed type, `Content-Disposition` and `nosniff` (set globally).
   */
  @Route(R.image)
  async image(
    @CurrentUser() user: RequestUser,
    @In() { params: { name } }: RouteInput<typeof R.image>,
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
