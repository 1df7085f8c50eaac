import { Module } from '@nestjs/common';
import { PricelistsController } from './pricelists.controller';
import { PricelistsService } from './pricelists.service';

/** Customer price lists (CSV, XLSX, PDF) built by the worker's `pricelists` queue. */
@Module({
  controllers: [PricelistsController],
  providers: [PricelistsService],
  exports: [PricelistsService],
})
export class PricelistsModule {}
