import { Module } from '@nestjs/common';
import { PricelistsModule } from '../pricelists/pricelists.module';
import { PriceChangesController } from './price-changes.controller';
import { PriceChangesService } from './price-changes.service';

/** Price changes on a date: scheduled multiplier and list-price changes (the worker applies them). */
@Module({
  imports: [PricelistsModule],
  controllers: [PriceChangesController],
  providers: [PriceChangesService],
})
export class PriceChangesModule {}
