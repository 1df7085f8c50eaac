import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'companies' })
export class CompanyEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('boolean', { default: true }) status: boolean;
  /** Percentages (e.g. 45.50 = multiplier 0.4550); postgres numeric comes back as a string. */
  @Column('numeric', { name: 'discount_percentage', precision: 5, scale: 2, default: 100 }) discountPercentage: string;
  @Column('numeric', { name: 'rigidflow_percentage', precision: 5, scale: 2, default: 100 })
  rigidflowPercentage: string;
  @Column('numeric', { name: 'minipro_percentage', precision: 5, scale: 2, default: 100 }) miniproPercentage: string;
  @Column('numeric', { name: 'polyroll_percentage', precision: 5, scale: 2, default: 100 }) polyrollPercentage: string;
  @Column('text', { nullable: true }) picture: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
