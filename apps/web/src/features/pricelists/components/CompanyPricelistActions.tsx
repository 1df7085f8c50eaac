import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sortCategories } from '@portal/domain';
import { fetchCategories } from '../../catalogue/api';
import { pricelistKeys } from '../hooks';
import { PricelistActions } from './PricelistActions';
import { WHOLE_CATALOGUE, type ScopeOption } from './PricelistDownloadModal';

/**
 * Price lists a superadmin prepares for one company (company detail page). The categories offered
 * as scopes (those customers see) load only once the dialog is opened.
 */
export function CompanyPricelistActions({ companyId, companyName }: { companyId: string; companyName: string }) {
  const [asked, setAsked] = useState(false);
  const categories = useQuery({
    queryKey: pricelistKeys.categories,
    queryFn: ({ signal }) => fetchCategories({ listPrices: false, asCompany: null }, signal),
    select: sortCategories,
    enabled: asked,
    staleTime: 5 * 60_000,
  });
  const scopes: ScopeOption[] = [
    { value: WHOLE_CATALOGUE, label: 'Whole catalogue' },
    ...(categories.data ?? []).map((c) => ({ value: c._id, label: `Category: ${c.name}` })),
  ];
  return (
    <PricelistActions
      scopes={scopes}
      defaultScope={WHOLE_CATALOGUE}
      companyId={companyId}
      companyName={companyName}
      onOpen={() => setAsked(true)}
    />
  );
}
