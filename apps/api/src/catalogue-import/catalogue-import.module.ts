import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { MAX_IMPORT_BYTES } from '@portal/domain';
import { ensureMultipart } from '../common/multipart';
import { CatalogueImportController } from './catalogue-import.controller';
import { CatalogueImportService } from './catalogue-import.service';

/** Catalogue export and import (dry run in the worker, atomic apply). */
@Module({
  controllers: [CatalogueImportController],
  providers: [CatalogueImportService],
})
export class CatalogueImportModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance() as FastifyInstance | undefined;
    ensureMultipart(fastify, { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 100 });
  }
}
