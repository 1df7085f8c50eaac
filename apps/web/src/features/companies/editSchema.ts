import type { z } from 'zod';
import { companyEditFormSchema } from '@portal/domain';

/** The company edit form: the domain's schema (multipliers parsed into exact `Multiplier` units). */
export const companyEditSchema = companyEditFormSchema;

export interface CompanyEditValues {
  name: string;
  status: 'true' | 'false';
  discount_percentage: number | string;
  rigidflow_percentage: number | string;
  minipro_percentage: number | string;
  polyroll_percentage: number;
}
export type CompanyEditParsed = z.output<typeof companyEditSchema>;
