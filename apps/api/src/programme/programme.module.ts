import { Module } from '@nestjs/common';
import { ProgrammeController } from './programme.controller';
import { SitesService } from './sites.service';
import { ProgrammeService } from './programme.service';

/** Sites and the filter programme: sites, units, filter slots, changes, what is due. */
@Module({
  controllers: [ProgrammeController],
  providers: [SitesService, ProgrammeService],
})
export class ProgrammeModule {}
