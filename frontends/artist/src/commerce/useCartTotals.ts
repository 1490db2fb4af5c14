import { beatmatchSdk, type CartAnswer, type CartItem } from '@beatmatch/frontend-common/sdk';
import { Modal } from 'antd';
import { useCallback, useEffect, useState } from 'react';

/** The cart's amounts from the server (synced on open and after each removal), and Remove with its confirmation. */
export function useCartTotals(reportError: (error: unknown) => void) {
  const sdk = beatmatchSdk();
  const [totals, setTotals] = useState<CartAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [removing, setRemoving] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const sync = useCallback(async () => {
    try {
      setTotals(await sdk.cartActions.sync());
    } catch (error) {
      reportError(error);
    } finally {
      setLoading(false);
    }
  }, [sdk, reportError]);

  useEffect(() => {
    void sync();
  }, [sync]);

  const remove = (item: CartItem) => {
    const name = item.beatName ?? 'this beat';
    void modal.confirm({
      title: `Are you sure you want to REMOVE ${name} from your cart?`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        setRemoving(item.beatId);
        try {
          await sdk.cartActions.remove(item.beatId);
          await sync();
        } catch (error) {
          reportError(error);
        } finally {
          setRemoving(null);
        }
      },
    });
  };

  return { totals, loading, removing, remove, modalHolder };
}
