import { DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Divider, Empty, Form, Input, Modal, Skeleton, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { RemoteTheme } from '@beatmatch/frontend-common';
import {
  beatmatchSdk,
  useCart,
  useSessionState,
  type CartAnswer,
  type CartItem,
} from '@beatmatch/frontend-common/sdk';
import { CoverArt } from './CoverArt';
import {
  TestPaymentDialog,
  formatDollars,
  inAppPath,
  inAppSession,
  useCommerceErrors,
} from '@beatmatch/frontend-common/commerce';

/** The non-exclusive licence every package is sold under (producer-side spec: content pages). */
export const LICENCE_PATH = '/policies/nonExclusive';

export interface CartPageProps {
  /** Where Find Beats goes: the matchmaker of the area the cart is shown in. */
  findBeatsPath?: string;
}

/**
 * The cart (/user/checkout, artist-side spec §2 Cart page): the items with cover art, name, package,
 * price and a License link; a sticky bar with Total, Service Fee and Check Out. The list is the SDK's
 * cart store (the badge counts the same list); the amounts are the server's.
 */
export function CartPage({ findBeatsPath = '/user/matchmaker' }: CartPageProps) {
  const sdk = beatmatchSdk();
  const { items } = useCart(sdk.cart);
  const { status } = useSessionState(sdk.session);
  const [totals, setTotals] = useState<CartAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [checkingOut, setCheckingOut] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const { reportError, holder } = useCommerceErrors();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');
  const [amountDue, setAmountDue] = useState<string | undefined>(undefined);
  const [guestOpen, setGuestOpen] = useState(false);

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

  const buyable = items.filter((item) => item.available !== false);

  let body;
  if (loading && items.length === 0) {
    body = <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 24 }} />;
  } else if (items.length === 0) {
    body = (
      <Empty
        data-testid="cart-empty"
        image={<ShoppingCartOutlined style={{ color: '#7c3aed', fontSize: 64 }} aria-hidden />}
        description={<span style={{ fontSize: 16, fontWeight: 600 }}>Your Cart Empty</span>}
        style={{ padding: '48px 16px' }}
      >
        <Link to={findBeatsPath}>
          <Button type="primary">Find Beats</Button>
        </Link>
      </Empty>
    );
  } else {
    body = (
      <>
        <ul aria-label="Beats in your cart" style={{ listStyle: 'none', margin: 0, padding: '8px 0' }}>
          {items.map((item) => (
            <li
              key={item.beatId}
              data-testid="cart-item"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 16,
                padding: '12px 16px',
                borderBottom: '1px solid #f0f0f0',
                flexWrap: 'wrap',
              }}
            >
              <CoverArt url={item.coverArtUrl} />
              <div style={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography.Text strong ellipsis style={{ display: 'block', fontSize: 16 }}>
                  {item.beatName ?? 'Beat'}
                </Typography.Text>
                {item.producerName ? (
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {item.producerName}
                  </Typography.Text>
                ) : null}
                <Typography.Text style={{ display: 'block' }}>
                  {item.beatPackage}
                  {' · '}
                  <a href={LICENCE_PATH} target="_blank" rel="noreferrer">
                    License
                  </a>
                </Typography.Text>
                {item.available === false ? <Tag color="default">Unavailable</Tag> : null}
                {item.notice ? (
                  <Typography.Text type="warning" style={{ display: 'block' }} data-testid="cart-item-notice">
                    {item.notice}
                  </Typography.Text>
                ) : null}
              </div>
              <Typography.Text strong style={{ fontSize: 16 }} data-testid="cart-item-price">
                {formatDollars(item.beatPrice)}
              </Typography.Text>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove ${item.beatName ?? 'beat'} from your cart`}
                loading={removing === item.beatId}
                onClick={() => remove(item)}
              />
            </li>
          ))}
        </ul>
        <section
          aria-label="Order summary"
          style={{
            position: 'sticky',
            bottom: 0,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: '8px 24px',
            padding: '16px',
            background: '#fff',
            borderTop: '1px solid #f0f0f0',
            boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.06)',
          }}
        >
          <span>
            Total: <strong data-testid="cart-total">{totals ? formatDollars(totals.total) : '…'}</strong>
          </span>
          <span>
            Service Fee:{' '}
            <strong data-testid="cart-fee">{totals ? formatDollars(totals.serviceFee) : '…'}</strong>
          </span>
          <span style={{ fontSize: 16 }}>
            To pay:{' '}
            <strong data-testid="cart-checkout-total">
              {totals ? formatDollars(totals.checkoutTotal) : '…'}
            </strong>
          </span>
          <Button
            type="primary"
            size="large"
            loading={checkingOut}
            disabled={loading || removing !== null || buyable.length === 0}
            onClick={() => void checkOut()}
          >
            Check Out
          </Button>
        </section>
      </>
    );
  }

  return (
    <RemoteTheme>
      {holder}
      {modalHolder}
      <div data-testid="cart-page" style={{ maxWidth: 960, margin: '0 auto' }}>
        {body}
      </div>
      <Modal
        open={guestOpen}
        title="Check Out"
        footer={null}
        onCancel={() => setGuestOpen(false)}
        destroyOnHidden
      >
        <div data-testid="guest-checkout">
          <Button type="primary" block size="large" onClick={logIn}>
            Login
          </Button>
          <Divider plain>or</Divider>
          <Typography.Paragraph>
            Check out as a guest: after paying we email you a link to set up your account, where your purchase
            waits in Purchases.
          </Typography.Paragraph>
          <Form
            layout="vertical"
            requiredMark={false}
            onFinish={(values: { email: string }) => void checkOut(values.email.trim())}
          >
            <Form.Item
              label="Email"
              name="email"
              rules={[
                { required: true, message: 'Email is required.' },
                { type: 'email', message: 'Please enter a valid email.' },
              ]}
            >
              <Input type="email" autoComplete="email" maxLength={254} />
            </Form.Item>
            <Button htmlType="submit" block size="large">
              Check out as guest
            </Button>
          </Form>
        </div>
      </Modal>
      {sessionId ? (
        <TestPaymentDialog
          sessionId={sessionId}
          amount={amountDue ?? totals?.checkoutTotal}
          onClose={() => setParams({})}
          onPaid={paid}
        />
      ) : null}
    </RemoteTheme>
  );
}
