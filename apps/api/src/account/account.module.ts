import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { EmailChangeService } from './email-change.service';
import { AccountThrottleService } from '../identity/account-throttle.service';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { ImagesController } from './images.controller';
import { ImagesService } from './images.service';
import { MAX_IMAGE_BYTES } from './image-files';
import { ensureMultipart } from '../common/multipart';

/** Forgot/reset/change password, the user's own profile. */
@Module({
  controllers: [PasswordResetController, AccountController, ImagesController],
  providers: [AccountService, AccountThrottleService, PasswordResetService, ImagesService, EmailChangeService],
})
export class AccountModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * Multipart parsing for the image uploads. Registered once for the whole server (other modules'
   * uploads share it); JSON routes are untouched because it only parses `multipart/form-data`.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance() as FastifyInstance | undefined;
    ensureMultipart(fastify, { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 100 });
  }
}
