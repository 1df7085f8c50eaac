import type { DataSource, EntityManager } from 'typeorm';
import { CATALOGUE_MSG, PRODUCT_LINES, percentageForProductLine, type CompanyPercentages } from '@portal/domain';
import { ApiException } from '../common/api-exception';
import { findCompanyPercentages } from './quote-requests.repository';

/** The company's percentage per product line ('' = the general discount), for the SQL price map. */
export function percentageMap(company: CompanyPercentages): Record<string, string> {
  const map: Record<string, string> = { '': String(percentageForProductLine(null, company)) };
  for (const line of PRODUCT_LINES) map[line] = String(percentageForProductLine(line, company));
  return map;
}

/** The company's name and its percentage map; a company that is gone reads as the catalogue does (403). */
export async function companyPricing(
  db: DataSource | EntityManager,
  companyId: string,
): Promise<{ name: string; pct: Record<string, string> }> {
  const company = await findCompanyPercentages(db, companyId);
  if (!company) throw new ApiException(403, CATALOGUE_MSG.companyNotFound);
  return { name: company.name, pct: percentageMap(company) };
}
