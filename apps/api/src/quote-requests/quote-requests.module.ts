import { Module } from '@nestjs/common';
import { QuoteRequestsController } from './quote-requests.controller';
import { QuoteRequestsService } from './quote-requests.service';
import { QuoteSubmissionService } from './quote-submission.service';

/** Quote requests from the catalogue's dead ends, and the office's quote desk. */
@Module({
  controllers: [QuoteRequestsController],
  providers: [QuoteRequestsService, QuoteSubmissionService],
  exports: [QuoteSubmissionService],
})
export class QuoteRequestsModule {}
