import { Module } from '@nestjs/common';
import { ProgrammeController } from './programme.controller';
import { SitesService } from './sites.service';
import { ProgrammeService } from './programme.service';
import { ProgrammeRequestsService } from './programme-requests.service';
import { OrderRequestsModule } from '../order-requests/order-requests.module';
import { QuoteRequestsModule } from '../quote-requests/quote-requests.module';

/** Sites and the filter programme: sites, units, filter slots, changes, what is due. */
@Module({
  imports: [OrderRequestsModule, QuoteRequestsModule],
  controllers: [ProgrammeController],
  providers: [SitesService, ProgrammeService, ProgrammeRequestsService],
})
export class ProgrammeModule {}
