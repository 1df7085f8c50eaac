import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { ACCOUNT_MSG, MSG, TEXT_MSG, hasControlChars } from '@portal/domain';
import { commitChange } from '@portal/db';
import { isSuperadmin, requireAccess } from '../common/access';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import {
  IMAGE_URL_PREFIX,
  ImageStore,
  MAX_IMAGE_BYTES,
  normaliseImage,
  sniffImage,
  type IMAGE_VARIANTS,
} from './image-files';
import { companyExists } from '../org/org.repository';
import { imageVisibleTo, replaceCompanyPicture, replaceUserPicture } from './account.repository';
import { Limiter } from '../common/limiter';

/** Decoding/re-encoding is CPU work on libuv's pool: cap it like password hashing. */
const MAX_CONCURRENT = 2;

export interface ImageUploadResponse {
  status: number;
  message: string;
  data: { picture: string };
}

@Injectable()
export class ImagesService {
  private readonly logger = new Logger(ImagesService.name);
  readonly store: ImageStore;
  private readonly limiter = new Limiter(MAX_CONCURRENT);

  constructor(
    private readonly db: DataSource,
    @Inject(ENV) env: Env,
  ) {
    this.store = new ImageStore(env.FILES_DIR);
  }

  /**
   * May `user` see the stored image `name`? A superadmin sees every image; anyone else only the
   * pictures of their own account, of their company's users and their company's logo.
   */
  async canRead(user: RequestUser, name: string): Promise<boolean> {
    if (isSuperadmin(user)) return true;
    return imageVisibleTo(this.db, `${IMAGE_URL_PREFIX}${name}`, user);
  }

  /** `PATCH user/upload`: the signed-in user's own profile image. */
  async uploadProfile(user: RequestUser, req: FastifyRequest): Promise<ImageUploadResponse> {
    const { url } = await this.receive(req, 'profile');
    const previous = await this.db.transaction(async (m) => {
      const row = await replaceUserPicture(m, user.id, url);
      if (!row) throw new ApiException(404, ACCOUNT_MSG.profile.notFound);
      await commitChange(m, user.actor, {
        events: [
          {
            type: 'account.profile_image_changed',
            payload: { userId: user.id, username: user.username, email: user.email, companyId: row.company_id },
          },
        ],
      });
      return row.old;
    });
    await this.store.removeByUrl(previous);
    return { status: 200, message: ACCOUNT_MSG.upload.profileUpdated, data: { picture: url } };
  }

  /** `PATCH company/upload/{companyId}`: admins of that company, or a superadmin. */
  async uploadCompany(user: RequestUser, companyId: string, req: FastifyRequest): Promise<ImageUploadResponse> {
    // Authorise before reading the body: tenancy comes from the session, never from the request.
    requireAccess(user, { roles: ['superadmin', 'admin'] }, new ApiException(403, MSG.notAuthorized));
    requireAccess(user, { companies: [companyId] }, new ApiException(404, ACCOUNT_MSG.upload.companyNotFound));
    if (!(await companyExists(this.db, companyId))) throw new ApiException(404, ACCOUNT_MSG.upload.companyNotFound);
    const { url } = await this.receive(req, 'company');
    const previous = await this.db.transaction(async (m) => {
      const row = await replaceCompanyPicture(m, companyId, url);
      if (!row) throw new ApiException(404, ACCOUNT_MSG.upload.companyNotFound);
      await commitChange(m, user.actor, {
        events: [
          {
            type: 'account.company_image_changed',
            payload: {
              userId: user.id,
              username: user.username,
              email: user.email,
              companyId: user.companyId,
              targetCompanyId: companyId,
              companyName: row.name,
            },
          },
        ],
      });
      return row.old;
    });
    await this.store.removeByUrl(previous);
    return { status: 200, message: ACCOUNT_MSG.upload.companyUpdated, data: { picture: url } };
  }

  /** Reads the multipart field `file` (≤ 5 MB → else 413), checks magic bytes, re-encodes, stores. */
  private async receive(req: FastifyRequest, variant: keyof typeof IMAGE_VARIANTS): Promise<{ url: string }> {
    if (!req.isMultipart?.()) throw new ApiException(400, ACCOUNT_MSG.upload.fileRequired);
    let buf: Buffer | null = null;
    try {
      for await (const part of req.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12 } })) {
        if (part.type === 'file') {
          if (part.filename && hasControlChars(part.filename)) {
            part.file.resume();
            throw new ApiException(400, TEXT_MSG.fileNameControlChars);
          }
          if (part.fieldname === 'file' && !buf) buf = await part.toBuffer();
          else await part.toBuffer(); // drain anything else
        }
      }
    } catch (err) {
      const code = (err as { code?: string; statusCode?: number }).code;
      // busboy's file-count limit also answers 413: it means a second file, not a large one.
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw new ApiException(400, ACCOUNT_MSG.upload.oneFileOnly);
      }
      if (code === 'FST_REQ_FILE_TOO_LARGE' || (err as { statusCode?: number }).statusCode === 413) {
        throw new ApiException(413, ACCOUNT_MSG.upload.tooLarge);
      }
      if (err instanceof ApiException) throw err;
      throw new ApiException(400, ACCOUNT_MSG.upload.fileRequired);
    }
    if (!buf || buf.length === 0) throw new ApiException(400, ACCOUNT_MSG.upload.fileRequired);
    if (buf.length > MAX_IMAGE_BYTES) throw new ApiException(413, ACCOUNT_MSG.upload.tooLarge);
    if (!sniffImage(buf)) throw new ApiException(415, ACCOUNT_MSG.upload.badType);
    let out: Buffer;
    try {
      out = await this.limiter.run(() => normaliseImage(buf, variant));
    } catch (err) {
      this.logger.warn(`Rejected an undecodable image: ${(err as Error).message}`);
      throw new ApiException(400, ACCOUNT_MSG.upload.unreadable);
    }
    return this.store.save(out);
  }
}
