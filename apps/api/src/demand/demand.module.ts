import { Module } from '@nestjs/common';
import { DemandController, PartAliasesController } from './demand.controller';
import { DemandService } from './demand.service';
import { PartAliasesService } from './part-aliases.service';
import { SearchLogModule } from './search-log.module';

/** Demand reports (what customers looked for and did not find) and part aliases. */
@Module({
  imports: [SearchLogModule],
  controllers: [DemandController, PartAliasesController],
  providers: [DemandService, PartAliasesService],
})
export class DemandModule {}
