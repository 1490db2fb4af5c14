import type { CatalogApi, PackagePrices } from '@beatmatch/frontend-common/sdk';
import { useEffect, useState } from 'react';
import { priceText, priceValue } from './checks';

/** The prices as typed (text, so a wrong entry is shown and refused, never turned into a number). */
export interface Prices {
  firstDate: string;
  relationship: string;
  marriage: string;
}

/** The three package prices of step 1, prefilled with the last upload's. */
export function usePrices(catalog: CatalogApi) {
  const [prices, setPrices] = useState<Prices>({ firstDate: '', relationship: '', marriage: '' });

  useEffect(() => {
    let live = true;
    catalog
      .lastUploadedPrice()
      .then(
        (last) =>
          live &&
          setPrices((now) => ({
            firstDate: now.firstDate || priceValue(last.firstDatePackage),
            relationship: now.relationship || priceValue(last.relationshipPackage),
            marriage: now.marriage || priceValue(last.marriagePackage),
          })),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [catalog]);

  /** The prices as the upload sends them; the Marriage Package only exists with stems. */
  const fields = (withStems: boolean): PackagePrices | { error: string } => {
    const first = priceText(prices.firstDate);
    const second = priceText(prices.relationship);
    const third = withStems ? priceText(prices.marriage) : { price: '-' };
    for (const field of [first, second, third]) if ('error' in field) return { error: field.error };
    return {
      firstDatePackagePrice: (first as { price: string }).price,
      relationshipPackagePrice: (second as { price: string }).price,
      marriagePackagePrice: (third as { price: string }).price,
    };
  };

  const setPrice = (key: keyof Prices, value: string) => setPrices((now) => ({ ...now, [key]: value }));

  return { prices, setPrice, fields };
}
