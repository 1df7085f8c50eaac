import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { RoleKey } from '@portal/contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') username: string;
  /** Always stored normalised (libs/domain normalizeEmail); unique. */
  @Column('text') email: string;
  @Column('text', { name: 'password_hash' }) passwordHash: string;
  @Column('text') role: RoleKey;
  @Column('uuid', { name: 'company_id', nullable: true }) companyId: string | null;
  @Column('boolean', { default: true }) status: boolean;
  @Column('text', { nullable: true }) picture: string | null;
  @Column('timestamptz', { name: 'current_login', nullable: true }) currentLogin: Date | null;
  @Column('timestamptz', { name: 'last_login', nullable: true }) lastLogin: Date | null;
  @Column('timestamptz', { name: 'password_changed_at', nullable: true }) passwordChangedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
