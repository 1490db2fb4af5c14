import { inAppPath, inAppSession } from '@beatmatch/frontend-common/commerce';
import { beatmatchSdk, useSessionState } from '@beatmatch/frontend-common/sdk';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/**
 * Check Out: a visitor first chooses log in or guest; then the provider's payment page opens, or the
 * embedded test provider's dialog on this page (its session in ?session_id=).
 */
export function useCheckout(reportError: (error: unknown) => void) {
  const sdk = beatmatchSdk();
  const { status } = useSessionState(sdk.session);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [checkingOut, setCheckingOut] = useState(false);
  const [amountDue, setAmountDue] = useState<string | undefined>(undefined);
  const [guestOpen, setGuestOpen] = useState(false);

  const logIn = () => {
    // Log in, then come back to this cart (the shell's redirect target).
    sessionStorage.setItem('redirectPath', '/user/checkout');
    void navigate('/login');
  };

  const checkOut = async (guestEmail?: string) => {
    if (status === 'signedOut' && !guestEmail) {
      // A visitor chooses: log in, or check out as a guest with an e-mail (services/commerce README).
      setGuestOpen(true);
      return;
    }
    setGuestOpen(false);
    setCheckingOut(true);
    try {
      const answer = await sdk.commerce.checkout({
        uuid: sdk.device.stored(),
        ...(guestEmail ? { email: guestEmail } : {}),
      });
      const testSession = inAppSession(answer.url);
      if (testSession) {
        // The embedded test provider: its payment dialog opens here, on this page.
        setAmountDue(answer.amount);
        setParams({ session_id: testSession, orderId: answer.orderId });
        setCheckingOut(false);
      } else {
        // The provider's hosted payment page.
        window.location.assign(answer.url);
      }
    } catch (error) {
      reportError(error);
      setCheckingOut(false);
    }
  };

  const paid = (url: string) => {
    const path = inAppPath(url);
    if (path) void navigate(path);
    else window.location.assign(url);
  };

  const closePayment = () => setParams({});
  const sessionId = params.get('session_id');
  const guest = { open: guestOpen, close: () => setGuestOpen(false) };
  return { checkingOut, checkOut, logIn, guest, sessionId, amountDue, paid, closePayment };
}
