/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fakeGateway, Refusal, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { BeatPayouts, ConfigurePayout, PayoutsHistory, WalletPage } from './index';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.
jest.setTimeout(60_000);

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const calls: GatewayCall[] = [];
let saved = { address: null as string | null, split: 10 };
let answers: Record<string, (body: Record<string, unknown>) => unknown>;

beforeEach(() => {
  calls.length = 0;
  saved = { address: null, split: 10 };
  answers = {
    '/api/get_address': () => saved,
    '/api/save_address': (body) => {
      if (body.address !== WALLET) throw new Refusal(400, 'This is not a valid wallet address.');
      saved = { address: WALLET, split: Number(body.split) };
      return { saved: true, ...saved };
    },
    '/api/delete_address': () => ({ removed: true }),
    '/api/get_payout_method': () => ({ method: null, summary: null }),
    '/api/save_payout_method': () => ({ method: 'paypal', summary: 'PayPal me@example.com' }),
  };
  fakeGateway(() => answers, calls);
});

const page = (element: ReactElement) => renderPage(element, '/user/payouts', { inApp: true });

describe('Configure Your Payout (producer-side spec §2, §4, §8)', () => {
  it('shows Not Active with Save disabled until a change, then Active and the spec success message', async () => {
    page(<ConfigurePayout />);
    expect(await screen.findByText('Not Active')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: WALLET } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Your payout split is set up.')).toBeTruthy();
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/save_address')?.body).toEqual({
      address: WALLET,
      split: 10,
    });
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it("shows the server's reason under the field and the spec's save message on a refused address", async () => {
    page(<ConfigurePayout />);
    fireEvent.change(await screen.findByLabelText('Wallet address'), { target: { value: '0xnope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot save your wallet information. Please try again.')).toBeTruthy();
    expect(screen.getByText('This is not a valid wallet address.')).toBeTruthy();
  });

  it("shows the spec's load message when the settings cannot be read", async () => {
    answers['/api/get_address'] = () => {
      throw new Refusal(500, 'boom');
    };
    page(<ConfigurePayout />);
    expect(
      await screen.findByText('Failed to retrieve your payout information. Please try again.'),
    ).toBeTruthy();
  });

  it("shows each method's minimum and fee before the producer chooses, then what the method needs", async () => {
    page(<ConfigurePayout />);
    expect(await screen.findByText(/Direct Deposit\/ACH — minimum \$2\.00, fee \$1\.00/)).toBeTruthy();
    expect(screen.getByText(/Wire Transfer — minimum \$50\.00, fee \$15\.00/)).toBeTruthy();
    expect(screen.getByText(/Check — minimum \$10\.00, fee \$1\.99/)).toBeTruthy();
    expect(
      screen.getByText(/PayPal — minimum \$2\.00, fee 2% of the amount plus \$1\.00, capped at \$2\.00/),
    ).toBeTruthy();
    expect(screen.getByText(/Prepaid Debit Card — minimum none, fee none/)).toBeTruthy();
    fireEvent.click(screen.getByText(/PayPal — minimum/));
    fireEvent.change(await screen.findByLabelText('PayPal e-mail'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payout method' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/save_payout_method')?.body).toEqual({
        method: 'paypal',
        email: 'me@example.com',
      }),
    );
    expect(await screen.findByText(/Now: PayPal me@example.com/)).toBeTruthy();
  });
});

describe('Wallet, $BEAT Payouts and Payouts History', () => {
  const TX_HASH = `0xabcdef01${'23'.repeat(28)}`;
  const history = {
    payouts: [
      {
        payoutId: 'f',
        month: '2026-03',
        kind: 'fiat',
        method: 'paypal',
        gross: '108.00',
        fee: '2.00',
        net: '106.00',
        status: 'paid',
        txHash: null,
        blockNumber: null,
        explorerUrl: null,
        updatedAt: '2026-04-15T03:00:00.000Z',
      },
      {
        payoutId: 't',
        month: '2026-03',
        kind: 'token',
        method: null,
        gross: '11.99',
        fee: '0.00',
        net: '11.99',
        status: 'paid',
        txHash: TX_HASH,
        blockNumber: 42,
        explorerUrl: null as string | null,
        updatedAt: '2026-04-01T03:00:00.000Z',
      },
    ],
  };

  it('shows the real balances and the next payout dates, not a placeholder', async () => {
    answers['/api/get_wallet'] = () => ({
      available: '12.50',
      pending: '-3.00',
      paid: '117.99',
      nextTokenPayout: '2026-05-01',
      nextFiatPayout: '2026-04-15',
      months: [{ month: '2026-03', earned: '119.99' }],
    });
    page(<WalletPage />);
    expect(await screen.findByText('$12.50')).toBeTruthy();
    expect(screen.getByText('-$3.00')).toBeTruthy();
    expect(screen.getByText(/\$BEAT on May 1, 2026, fiat on April 15, 2026/)).toBeTruthy();
    expect(screen.queryByText('$00.00')).toBeNull();
  });

  it('lists every payout with method, gross, fee, net and status', async () => {
    answers['/api/payouts_history'] = () => history;
    page(<PayoutsHistory />);
    expect(await screen.findByText('$106.00')).toBeTruthy();
    expect(screen.getByText('PayPal')).toBeTruthy();
    expect(screen.getByText('$2.00')).toBeTruthy();
    expect(screen.getByText('$BEAT')).toBeTruthy();
  });

  it('lists the $BEAT transfers only, with their transaction', async () => {
    answers['/api/payouts_history'] = () => history;
    page(<BeatPayouts />);
    expect(await screen.findByText('$11.99')).toBeTruthy();
    expect(screen.getByText(/block 42/)).toBeTruthy();
    expect(screen.queryByText('$108.00')).toBeNull();
  });

  it('links each $BEAT transfer to the block explorer the server names', async () => {
    const explorerUrl = `https://explorer.example/tx/${TX_HASH}`;
    answers['/api/payouts_history'] = () => ({
      payouts: history.payouts.map((payout) => (payout.txHash ? { ...payout, explorerUrl } : payout)),
    });
    page(<PayoutsHistory />);
    const link = await screen.findByRole('link', { name: /0xabcdef01… \(block 42\)/ });
    expect(link.getAttribute('href')).toBe(explorerUrl);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows the whole transaction hash to copy when no explorer is configured', async () => {
    answers['/api/payouts_history'] = () => history;
    page(<PayoutsHistory />);
    expect(await screen.findByText(new RegExp(`^${TX_HASH}`))).toBeTruthy();
    expect(screen.queryByRole('link', { name: /0xabcdef01/ })).toBeNull();
    expect(screen.getByRole('button', { name: /copy/i })).toBeTruthy();
  });

  it("shows the latest month's $BEAT and fiat payouts in the Wallet", async () => {
    answers['/api/get_wallet'] = () => ({
      available: '0.00',
      pending: '0.00',
      paid: '117.99',
      nextTokenPayout: '2026-05-01',
      nextFiatPayout: '2026-04-15',
      months: [],
    });
    answers['/api/payouts_history'] = () => history;
    page(<WalletPage />);
    expect(await screen.findByText('Latest payouts')).toBeTruthy();
    expect(screen.getByText('$106.00')).toBeTruthy();
    expect(screen.getByText('$11.99')).toBeTruthy();
    expect(screen.getByText(new RegExp(`^${TX_HASH}`))).toBeTruthy();
  });
});
