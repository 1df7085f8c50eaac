import { Module } from '@nestjs/common';
import { PriceChangesController } from './price-changes.controller';
import { PriceChangesService } from './price-changes.service';

/** Price changes on a date: scheduled multiplier and list-price changes (the worker applies them). */
@Module({
  controllers: [PriceChangesController],
  providers: [PriceChangesService],
})
export class PriceChangesModule {}
