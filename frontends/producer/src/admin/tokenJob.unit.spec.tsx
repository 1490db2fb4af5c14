/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fireEvent, screen } from '@testing-library/react';
import { TOKEN_PAYOUTS_NOT_CONFIGURED } from '@beatmatch/contracts';
import { fakeGateway, Refusal, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { MaintenanceJobs } from './MaintenanceJobs';

jest.setTimeout(60_000);

const calls: GatewayCall[] = [];
let answer: () => unknown;

beforeEach(() => {
  calls.length = 0;
  fakeGateway(() => ({ '/api/correct_remaining_tokens': () => answer() }), calls);
});

async function runTokenCheck() {
  renderPage(<MaintenanceJobs onDone={() => {}} />, '/user/admin', { inApp: true });
  fireEvent.click(await screen.findByRole('button', { name: 'Correct remaining tokens' }));
  expect(
    await screen.findByText(
      "Reconcile the pending $BEAT transfers with the chain now and compare the treasury's balance with its journal?",
    ),
  ).toBeTruthy();
  expect(calls).toEqual([]);
  fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
}

// The button once only said 'Not available yet'; now it reconciles the $BEAT transfers after a confirmation.
it("'Correct remaining tokens' reports what became of the pending transfers and that the treasury matches its journal", async () => {
  answer = () => ({
    checked: 4,
    confirmed: 3,
    returned: 1,
    waiting: 0,
    held: '9,940.00',
    journal: 'same',
    difference: '0.00',
  });
  await runTokenCheck();
  expect(
    await screen.findByText(
      'Checked 4 pending transfers: 3 confirmed, 1 returned to its producer. Treasury holds 9,940.00 $BEAT, as the journal says.',
    ),
  ).toBeTruthy();
  expect(calls.map((call) => call.path)).toEqual(['/api/correct_remaining_tokens']);
});

it('names a difference from the journal and the transfers still waiting to be mined', async () => {
  answer = () => ({
    checked: 2,
    confirmed: 0,
    returned: 0,
    waiting: 2,
    held: '1,012.00',
    journal: 'more',
    difference: '12.00',
  });
  await runTokenCheck();
  expect(
    await screen.findByText(
      'Checked 2 pending transfers: 2 still waiting to be mined. Treasury holds 1,012.00 $BEAT, 12.00 $BEAT more than the journal says.',
    ),
  ).toBeTruthy();
});

it('says token payouts are not configured when the service has no chain', async () => {
  answer = () => {
    throw new Refusal(409, TOKEN_PAYOUTS_NOT_CONFIGURED);
  };
  await runTokenCheck();
  expect(await screen.findByText(`Failed: ${TOKEN_PAYOUTS_NOT_CONFIGURED}`)).toBeTruthy();
});
