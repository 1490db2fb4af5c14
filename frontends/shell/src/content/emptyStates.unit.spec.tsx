/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { NO_EXAMPLE_BEAT } from '@beatmatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import { fakeGateway, type GatewayCall } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderShell } from '../testing/renderShell';

// The marketing pages' reads answer their empty state (issue 31 item 2): the page shows it, no error.
jest.setTimeout(60_000);
const calls: GatewayCall[] = [];
let errors: jest.SpyInstance;
beforeEach(() => {
  calls.length = 0;
  errors = jest.spyOn(console, 'error');
  fakeGateway(
    () => ({
      '/api/beatmatch_example_get_tags': () => ({ name: null, message: NO_EXAMPLE_BEAT }),
      '/api/get_whitepaper': () => ({ url: null }),
    }),
    calls,
  );
});
afterEach(() => errors.mockRestore());

const asked = (path: string) => waitFor(() => expect(calls.map((call) => call.path)).toContain(path));

it('the For Artists page shows no example beat before one is published, and logs no error', async () => {
  renderShell('/artists');
  await asked('/api/beatmatch_example_get_tags');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('heading', { name: 'Hear a beat and its DNA' })).toBeNull();
  expect(errors).not.toHaveBeenCalled();
});

it('the $BEAT page says the whitepaper link will come while none is configured, and logs no error', async () => {
  renderShell('/beat');
  await asked('/api/get_whitepaper');
  expect(await screen.findByText('The whitepaper link will appear here when available.')).toBeTruthy();
  expect(errors).not.toHaveBeenCalled();
});
