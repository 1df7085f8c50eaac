import { Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';
import { FindService } from './find.service';
import { SearchLogModule } from '../demand/search-log.module';

/** Catalogue browsing with company prices, part-number and odd-size search. */
@Module({
  imports: [SearchLogModule],
  controllers: [CatalogueController],
  providers: [CatalogueService, FindService],
  exports: [CatalogueService],
})
export class CatalogueModule {}
