import { formatPrice } from '@portal/domain';

/** A wire amount (2 decimals) as '$1,234.56'; '—' when absent. */
export const money = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : formatPrice(Math.round(v * 100));
