import { CompanyEntity } from './company.entity';
import { UserEntity } from './user.entity';
import { SessionEntity } from './session.entity';
import { OutboxEntity } from './outbox.entity';
import { NotificationEntity } from './notification.entity';

export { CompanyEntity, UserEntity, SessionEntity, OutboxEntity, NotificationEntity };
export const ENTITIES = [CompanyEntity, UserEntity, SessionEntity, OutboxEntity, NotificationEntity];
