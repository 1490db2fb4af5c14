import { useCommerceErrors } from '@beatmatch/frontend-common/commerce';
import { beatmatchSdk, type Download, type Purchase } from '@beatmatch/frontend-common/sdk';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { openInNewWindow } from './downloads';

/**
 * The artist's purchases and their downloads. Coming back from a payment with
 * redirect_status=succeeded clears the cart. `busy` is the download being fetched ("purchase:file").
 */
export function usePurchases() {
  const sdk = beatmatchSdk();
  const [params] = useSearchParams();
  const [purchases, setPurchases] = useState<Purchase[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const { reportError, holder } = useCommerceErrors();
  const succeeded = params.get('redirect_status') === 'succeeded';

  useEffect(() => {
    if (succeeded) sdk.cart.clear();
  }, [succeeded, sdk]);

  const load = useCallback(async () => {
    try {
      const answer = await sdk.commerce.retrievePurchases();
      setPurchases(answer.purchases ?? []);
    } catch (error) {
      setFailed(true);
      reportError(error);
    }
  }, [sdk, reportError]);

  useEffect(() => {
    void load();
  }, [load]);

  const download = (purchase: Purchase, item: Download) => {
    const key = `${purchase.purchaseId}:${item.downloadable}`;
    setBusy(key);
    openInNewWindow(async () => {
      const { url } = await sdk.commerce.getDownloadable({
        downloadable: item.downloadable,
        beatId: purchase.beatId,
        urlId: purchase.purchaseId,
      });
      return url;
    })
      .catch(reportError)
      .finally(() => setBusy(null));
  };

  return { purchases, failed, busy, download, holder };
}
