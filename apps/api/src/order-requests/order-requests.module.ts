import { Module } from '@nestjs/common';
import { AgreedItemsController, CompanyOrderingController, OrderRequestsController } from './order-requests.controller';
import { OrderRequestsService } from './order-requests.service';
import { OrderSubmissionService } from './order-submission.service';

/** Order requests at agreed prices, agreed items, the approval threshold and the office's orders desk. */
@Module({
  controllers: [OrderRequestsController, AgreedItemsController, CompanyOrderingController],
  providers: [OrderRequestsService, OrderSubmissionService],
  exports: [OrderSubmissionService],
})
export class OrderRequestsModule {}
