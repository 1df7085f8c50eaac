import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'outbox' })
export class OutboxEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') type: string;
  @Column('jsonb') payload: unknown;
  @Column('uuid', { name: 'actor_id', nullable: true }) actorId: string | null;
  @Column('timestamptz', { name: 'relayed_at', nullable: true }) relayedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
