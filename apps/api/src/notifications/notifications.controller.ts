import { Controller } from '@nestjs/common';
import type {
  DeleteResponse,
  MarkNotificationsReadResponse,
  NotificationListResponse,
  NotificationUnreadCountResponse,
} from '@portal/contracts';
import { NOTIFICATION_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { NotificationsService } from './notifications.service';

/** Notifications API: superadmin only. */
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Route(R.list)
  list(
    @In() { query }: RouteInput<typeof R.list>,
    @CurrentUser() user: RequestUser,
  ): Promise<NotificationListResponse> {
    return this.notifications.list(query, user.id);
  }

  @Route(R.remove)
  remove(@In() { body }: RouteInput<typeof R.remove>): Promise<DeleteResponse> {
    return this.notifications.remove(body.ids);
  }

  @Route(R.unreadCount)
  unreadCount(@CurrentUser() user: RequestUser): Promise<NotificationUnreadCountResponse> {
    return this.notifications.unreadCount(user.id);
  }

  @Route(R.markRead)
  markRead(
    @In() { body }: RouteInput<typeof R.markRead>,
    @CurrentUser() user: RequestUser,
  ): Promise<MarkNotificationsReadResponse> {
    return this.notifications.markRead(body, user);
  }
}
