import { Body, Controller, Delete, Get, HttpCode, Query } from '@nestjs/common';
import type { DeleteResponse, NotificationListResponse } from '@portal/contracts';
import { deleteNotificationsSchema, notificationListQuerySchema, type NotificationListQuery } from '@portal/domain';
import { Allow } from '../common/access.decorators';
import { ZodPipe } from '../common/zod.pipe';
import { NotificationsService } from './notifications.service';

/** Spec §7 Notifications: superadmin only. */
@Controller('notification')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Allow('superadmin')
  @Get()
  list(
    @Query(new ZodPipe(notificationListQuerySchema)) query: NotificationListQuery,
  ): Promise<NotificationListResponse> {
    return this.notifications.list(query);
  }

  @Allow('superadmin')
  @Delete()
  @HttpCode(200)
  remove(@Body(new ZodPipe(deleteNotificationsSchema)) body: { ids: string[] }): Promise<DeleteResponse> {
    return this.notifications.remove(body.ids);
  }
}
