/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { screen, within } from '@testing-library/react';
import { renderShell } from '../testing/renderShell';
import { licenceDate } from './LicenceVerify';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.
jest.setTimeout(60_000);

const GENUINE_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const requested: string[] = [];
const reply = (status: number, body: unknown) => ({
  ok: status < 400,
  status,
  headers: new Headers({ 'content-type': 'application/json' }),
  text: async () => JSON.stringify(body),
});

beforeEach(() => {
  requested.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  // The gateway in memory: only the public licence check answers (commerce's documented shape).
  globalThis.fetch = jest.fn(async (input: string | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requested.push(url.pathname + url.search);
    if (url.pathname !== '/api/beatmatch_license_verify') return reply(404, { message: 'not found' });
    const id = url.searchParams.get('purchaseId');
    const body =
      id === GENUINE_ID
        ? {
            genuine: true,
            purchaseId: GENUINE_ID,
            beatName: 'Night Drive',
            producerName: 'Pro Ducer',
            beatPackage: 'Relationship Package',
            signedDate: '2025-03-04T10:00:00.000Z',
            licensee: 'maya',
          }
        : { genuine: false };
    return reply(200, body);
  }) as unknown as typeof fetch;
});

describe('licence verification page', () => {
  it('a visitor (no login) sees a genuine licence with its beat, producer, licensee, package and date', async () => {
    renderShell(`/license/verify/${GENUINE_ID}`);
    const genuine = await screen.findByTestId('licence-genuine');
    expect(within(genuine).getByText('Genuine license')).toBeTruthy();
    const facts = Object.fromEntries(
      within(genuine)
        .getAllByRole('row')
        .map((row) => [
          row.querySelector('th')?.textContent ?? '',
          row.querySelector('td')?.textContent ?? '',
        ]),
    );
    expect(facts).toEqual({
      Beat: 'Night Drive',
      Producer: 'Pro Ducer',
      Licensee: 'maya',
      Package: 'Relationship Package',
      Date: 'March 4, 2025',
      'License number': GENUINE_ID,
    });
    expect(screen.queryByTestId('licence-unknown')).toBeNull();
    // A public page: it stays, no redirect to /login, and asked for this licence only.
    expect(requested).toContain(`/api/beatmatch_license_verify?purchaseId=${GENUINE_ID}`);
    expect(screen.queryByRole('heading', { name: /log in/i })).toBeNull();
  });

  it('an unknown licence number is said to be not genuine', async () => {
    renderShell('/license/verify/forged-123');
    const unknown = await screen.findByTestId('licence-unknown');
    expect(within(unknown).getByText('Not genuine: unknown license')).toBeTruthy();
    expect(unknown.textContent).toContain('forged-123');
    expect(screen.queryByTestId('licence-genuine')).toBeNull();
    expect(screen.queryByText('Genuine license')).toBeNull();
    expect(requested).toContain('/api/beatmatch_license_verify?purchaseId=forged-123');
  });

  it('prints the purchase day in UTC', () => {
    expect(licenceDate('2025-12-31T23:30:00Z')).toBe('December 31, 2025');
  });
});
