import { Body, Controller, Delete, Get, HttpCode, Patch, Query } from '@nestjs/common';
import type {
  DeleteResponse,
  MarkNotificationsReadResponse,
  NotificationListResponse,
  NotificationUnreadCountResponse,
} from '@portal/contracts';
import {
  deleteNotificationsSchema,
  markNotificationsReadSchema,
  notificationListQuerySchema,
  type MarkNotificationsRead,
  type NotificationListQuery,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { ZodPipe } from '../common/zod.pipe';
import { NotificationsService } from './notifications.service';

/** Notifications API: superadmin only. */
@Controller('notification')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Allow('superadmin')
  @Get()
  list(
    @Query(new ZodPipe(notificationListQuerySchema)) query: NotificationListQuery,
    @CurrentUser() user: RequestUser,
  ): Promise<NotificationListResponse> {
    return this.notifications.list(query, user.id);
  }

  @Allow('superadmin')
  @Delete()
  @HttpCode(200)
  remove(@Body(new ZodPipe(deleteNotificationsSchema)) body: { ids: string[] }): Promise<DeleteResponse> {
    return this.notifications.remove(body.ids);
  }

  @Allow('superadmin')
  @Get('unread-count')
  unreadCount(@CurrentUser() user: RequestUser): Promise<NotificationUnreadCountResponse> {
    return this.notifications.unreadCount(user.id);
  }

  @Allow('superadmin')
  @Patch('read')
  markRead(
    @Body(new ZodPipe(markNotificationsReadSchema)) body: MarkNotificationsRead,
    @CurrentUser() user: RequestUser,
  ): Promise<MarkNotificationsReadResponse> {
    return this.notifications.markRead(body, user);
  }
}
