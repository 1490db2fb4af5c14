/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { fakeGateway, Refusal, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { DashboardPage } from './DashboardPage';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.
jest.setTimeout(60_000);

const calls: GatewayCall[] = [];
/** 27 October to 3 November 2026. */
const days = Array.from({ length: 8 }, (_, index) =>
  new Date(Date.UTC(2026, 9, 27 + index)).toISOString().slice(0, 10),
);
let lastMonth: () => unknown;

beforeEach(() => {
  calls.length = 0;
  lastMonth = () => ({ month: '2026-10', sales: '20.00', plays: 4, matches: 2, timeZone: 'UTC' });
  fakeGateway(
    () => ({
      '/api/beatmatch_auth': () => ({ userName: 'ann', userId: 'ann-1', email: 'ann@example.test' }),
      '/api/last_month_stats': () => lastMonth(),
      '/api/current_month_stats': () => ({
        month: '2026-11',
        sales: '1234.50',
        plays: 17,
        matches: 5,
        timeZone: 'UTC',
      }),
      '/api/stat_graph': () => ({
        timeZone: 'UTC',
        days: days.map((day, index) => ({
          day,
          sales: index === 6 ? '30.00' : '0.00',
          plays: index,
          matches: index === 7 ? 3 : 0,
        })),
      }),
      '/api/recent_customers': () => ({
        customers: [
          {
            purchaseId: 'p-1',
            customer: 'buyer@example.test',
            beatName: 'Night Drive',
            package: 'relationship',
            amount: '30.00',
            purchasedAt: '2026-11-02T15:00:00Z',
          },
        ],
      }),
      '/api/dashboard_pioneer_status': () => ({
        pioneer: true,
        pioneerUploads: 3,
        lifetimeMember: false,
        milestone: 10000,
      }),
    }),
    calls,
  );
});

const page = async () => {
  await act(async () => void (await beatmatchSdk().session.refresh()));
  return renderPage(<DashboardPage />, '/user', { inApp: true });
};

describe('Producer dashboard (artist-side spec §2, §9)', () => {
  it('shows both months, the store link, the pioneer tag and recent customers, asking in the browser zone', async () => {
    await page();
    expect(await screen.findByText('Loading your dashboard')).toBeTruthy();
    const current = (await screen.findByText('Current Month Stats')).closest('.ant-card') as HTMLElement;
    expect(within(current).getByText('Sales')).toBeTruthy();
    expect(within(current).getByText('1,234')).toBeTruthy();
    expect(within(current).getByText('17')).toBeTruthy();
    const last = screen.getByText('Last Month Stats').closest('.ant-card') as HTMLElement;
    expect(within(last).getByText('Matches')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Your Store' }).getAttribute('href')).toBe('/lab/ann-1');
    expect(screen.getByText('Pioneer')).toBeTruthy();
    const customers = screen.getByText('Recent Customers').closest('.ant-card') as HTMLElement;
    expect(within(customers).getByText('buyer@example.test')).toBeTruthy();
    expect(within(customers).getByText('Relationship')).toBeTruthy();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const statCalls = calls.filter((call) => call.path === '/api/stat_graph');
    expect(statCalls.map((call) => call.body)).toEqual([{ timeZone: zone }]);
  });

  it('charts eight days and switches between Sales, Plays and Matches', async () => {
    await page();
    const chart = (await screen.findByText('7 Day Stats')).closest('.ant-card') as HTMLElement;
    expect(within(chart).getAllByRole('img')).toHaveLength(8);
    expect(within(chart).getByRole('img', { name: 'Nov 2: $30.00' })).toBeTruthy();
    fireEvent.click(within(chart).getByText('Plays'));
    expect(await within(chart).findByRole('img', { name: 'Oct 31: 4' })).toBeTruthy();
    fireEvent.click(within(chart).getByText('Matches'));
    expect(await within(chart).findByRole('img', { name: 'Nov 3: 3' })).toBeTruthy();
  });

  it("shows the server's message when the dashboard cannot load", async () => {
    lastMonth = () => {
      throw new Refusal(503, 'The dashboard is resting.');
    };
    await page();
    expect((await screen.findAllByText('The dashboard is resting.')).length).toBeGreaterThan(0);
  });
});
