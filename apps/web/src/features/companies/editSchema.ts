import { z } from 'zod';
import { ORG_MSG, companyEditFormSchema } from '@portal/domain';
import { isValidMultiplier } from './format';

/** A multiplier input: 0 to 1 in steps of 0.0001, with the domain's message for anything else. */
const multiplier = (label: string) =>
  z
    .union([z.number(), z.string()], { error: ORG_MSG.company.multiplierInvalid(label) })
    .refine((v) => isValidMultiplier(v), ORG_MSG.company.multiplierInvalid(label))
    .transform(Number);

/**
 * The company edit form: the domain's companyEditFormSchema, with its three visible
 * multipliers also checked for the 0.0001 step. polyroll_percentage is held, not shown.
 */
export const companyEditSchema = companyEditFormSchema.extend({
  discount_percentage: multiplier('Price Multiplier'),
  rigidflow_percentage: multiplier('Rigidflow Multiplier'),
  minipro_percentage: multiplier('Minipro Multiplier'),
});

export interface CompanyEditValues {
  name: string;
  status: 'true' | 'false';
  discount_percentage: number | string;
  rigidflow_percentage: number | string;
  minipro_percentage: number | string;
  polyroll_percentage: number;
}
export type CompanyEditParsed = z.output<typeof companyEditSchema>;
