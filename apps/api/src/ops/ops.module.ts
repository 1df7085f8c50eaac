import { Module } from '@nestjs/common';
import { EmailEventsController, EmailStatusController } from './email-events.controller';
import { EmailEventsService } from './email-events.service';
import { OpsController } from './ops.controller';
import { OpsGateway } from './ops.gateway';
import { OpsMonitor } from './ops-monitor.service';
import { OpsQueues } from './ops-queues';
import { OpsService } from './ops.service';

/** The operations dashboard, the bounce webhook and "Try again" for a suppressed address. */
@Module({
  controllers: [OpsController, EmailEventsController, EmailStatusController],
  providers: [OpsGateway, OpsMonitor, OpsQueues, OpsService, EmailEventsService],
})
export class OpsModule {}
