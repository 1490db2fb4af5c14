import { Modal } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { beatmatchSdk, type MemberActiveStatus, type MemberType } from '@beatmatch/frontend-common/sdk';
import { testPortalOf, type TestPortal } from './TestBillingPortal';
import type { ReportError, Toasts } from './useCommerceErrors';

const CANCEL_WARNINGS: Record<MemberType, string> = {
  artist: 'Your Marketplace Pro benefits end immediately.',
  producer: 'Your benefits end and your beats go inactive immediately.',
};

/**
 * A family's member_active_status (null while loading; not subscribed when it cannot be read), with
 * Manage Subscription (the provider's portal; the test provider's opens on the page: `testPortal`) and
 * Cancel Subscription (asks first, then reloads).
 * Render the modal holder.
 */
export function useMemberStatus(type: MemberType, reportError: ReportError, toasts: Toasts) {
  const sdk = beatmatchSdk();
  const [status, setStatus] = useState<MemberActiveStatus | null>(null);
  const [portalPending, setPortalPending] = useState(false);
  const [testPortal, setTestPortal] = useState<TestPortal | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const load = useCallback(async () => {
    try {
      setStatus(await sdk.commerce.memberActiveStatus(type));
    } catch (error) {
      reportError(error);
      setStatus({ subscribed: false, lifer: false, paypal: false, plan: null });
    }
  }, [sdk, type, reportError]);

  useEffect(() => {
    void load();
  }, [load]);

  const manage = async () => {
    setPortalPending(true);
    try {
      const { url } = await sdk.commerce.createPortalSession(type);
      const local = testPortalOf(url);
      // The test provider's portal opens on this page; a real provider's is its own page.
      if (local) {
        setTestPortal(local);
        setPortalPending(false);
      } else window.location.assign(url);
    } catch (error) {
      reportError(error);
      setPortalPending(false);
    }
  };

  const cancel = () =>
    void modal.confirm({
      title: 'Cancel Subscription?',
      content: CANCEL_WARNINGS[type],
      okText: 'Cancel Subscription',
      okButtonProps: { danger: true },
      cancelText: 'Keep Subscription',
      onOk: async () => {
        try {
          await sdk.commerce.cancelSubscription(type);
          setTestPortal(null);
          void toasts.success('Your subscription has been cancelled.');
          await load();
        } catch (error) {
          reportError(error);
        }
      },
    });

  const closeTestPortal = () => setTestPortal(null);
  return { status, load, manage, portalPending, testPortal, closeTestPortal, cancel, modalHolder };
}
