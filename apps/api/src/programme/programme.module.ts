import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { MAX_IMPORT_BYTES } from '@portal/domain';
import { ensureMultipart } from '../common/multipart';
import { ProgrammeController } from './programme.controller';
import { SitesService } from './sites.service';
import { ProgrammeService } from './programme.service';
import { ProgrammeRequestsService } from './programme-requests.service';
import { OrderRequestsModule } from '../order-requests/order-requests.module';
import { QuoteRequestsModule } from '../quote-requests/quote-requests.module';
import { SitesImportService } from './sites-import.service';

/** Sites and the filter programme: sites, units, filter slots, changes, what is due, import and export. */
@Module({
  imports: [OrderRequestsModule, QuoteRequestsModule],
  controllers: [ProgrammeController],
  providers: [SitesService, ProgrammeService, ProgrammeRequestsService, SitesImportService],
})
export class ProgrammeModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance() as FastifyInstance | undefined;
    ensureMultipart(fastify, { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 100 });
  }
}
