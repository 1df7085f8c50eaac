import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { MAX_CATALOGUE_FILE_BYTES } from '@portal/platform';
import { ensureMultipart } from '../common/multipart';
import { CatalogueEditingController } from './catalogue-editing.controller';
import { CatalogueEditingService } from './catalogue-editing.service';
import { CategoriesEditingService } from './categories.service';
import { ProductsEditingService } from './products.service';
import { CatalogueFilesService } from './files.service';
import { PresenceGateway } from './presence.gateway';

/** Catalogue mutations, atomic grid save, price history, product files, presence. */
@Module({
  controllers: [CatalogueEditingController],
  providers: [
    CatalogueEditingService,
    CategoriesEditingService,
    ProductsEditingService,
    CatalogueFilesService,
    PresenceGateway,
  ],
})
export class CatalogueEditingModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** Multipart is shared with the account uploads: whoever initialises first registers it. */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance() as FastifyInstance | undefined;
    ensureMultipart(fastify, { fileSize: MAX_CATALOGUE_FILE_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 100 });
  }
}
