import { createContext, useContext, type ReactNode } from 'react';

/** A variant row of the customer's catalogue, as a row action receives it. */
export interface CatalogueRowItem {
  variant_id: string;
  part_number: string;
  /** Product name and size, e.g. "Pleated MERV 13 20x25x1". */
  label: string;
}

/**
 * What a higher feature puts at the end of each variant row (the order's quantity box and "Add to
 * order"): the app passes it to CatalogPage, so the catalogue imports no higher feature.
 */
export type CatalogueRowAction = (item: CatalogueRowItem) => ReactNode;

export const CatalogueRowActionContext = createContext<CatalogueRowAction | null>(null);

export const useCatalogueRowAction = () => useContext(CatalogueRowActionContext);
