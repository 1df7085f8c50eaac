import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'notifications' })
export class NotificationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** The outbox event that produced it: unique, so a retried job cannot write twice. */
  @Column('uuid', { name: 'event_id' }) eventId: string;
  @Column('uuid', { name: 'user_id', nullable: true }) userId: string | null;
  @Column('uuid', { name: 'company_id', nullable: true }) companyId: string | null;
  @Column('text') username: string;
  @Column('text') email: string;
  @Column('text') description: string;
  @Column('boolean', { name: 'read_status', default: false }) readStatus: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
