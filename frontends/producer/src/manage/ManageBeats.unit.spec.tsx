/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import type { ManagedBeat, ManageBeatsResponse } from '@beatmatch/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reply } from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { ManageBeats } from './ManageBeats';
import { PENDING_REFRESH_MS } from './useManagedBeats';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.

// The gateway in memory: the catalog's answers as it documents them; every call recorded.
let list: ManageBeatsResponse;
const calls: Array<{ path: string; body: Record<string, unknown> }> = [];

const beat = (beatId: string, beatName: string, more: Partial<ManagedBeat> = {}): ManagedBeat => ({
  beatId,
  beatName,
  coverArtUrl: null,
  firstDatePackagePrice: '19.99',
  secondPackagePrice: '39.99',
  thirdPackagePrice: '-',
  isPending: false,
  isPrivate: false,
  crate: 'active',
  failedReason: null,
  ...more,
});

beforeEach(() => {
  calls.length = 0;
  list = { uploaded: [], pending: [], failed: [] };
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (input === '/api/csrf') return reply(200, { csrfToken: 't' });
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path: input, body });
    if (input === '/api/beatmatch_manage_beats') return reply(200, list);
    if (input === '/api/beatmatch_get_totals')
      return reply(200, {
        data: [{ beatId: 'b1', matches: 4, passes: 2, purchases: 1 }],
        matches: 4,
        passes: 2,
        purchases: 1,
      });
    if (input === '/api/beatmatch_manage_beats_delete') {
      list = {
        uploaded: list.uploaded.filter((b) => b.beatId !== body.beatId),
        pending: list.pending.filter((b) => b.beatId !== body.beatId),
        failed: list.failed.filter((b) => b.beatId !== body.beatId),
      };
      return reply(200, { data: body.beatId });
    }
    if (input === '/api/beatmatch_manage_beats_edit') return reply(200, { updated: 1, message: 'Updated' });
    if (input === '/api/beatmatch_manage_beats_get_tags')
      return reply(409, { message: 'Performing DNA Test... The tags appear when it is done.' });
    return reply(404, { message: `no route ${input}` });
  }) as unknown as typeof fetch;
});

const show = () => renderPage(<ManageBeats />, '/user/manageBeats', { inApp: true });

describe('Manage Beats', () => {
  it('says when nothing is uploaded, with the way to upload', async () => {
    show();
    expect(await screen.findByText('No beats have been uploaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Here' })).toBeTruthy();
  });

  it('moves a pending beat to Uploaded by itself when its DNA test ends', async () => {
    list = {
      uploaded: [],
      pending: [beat('b1', 'Night Drive', { isPending: true, crate: 'inactive' })],
      failed: [],
    };
    show();
    expect(await screen.findByText(/Performing DNA Test/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View DNA' })).toBeNull();
    list = { uploaded: [beat('b1', 'Night Drive', { crate: 'inactive' })], pending: [], failed: [] };
    await waitFor(() => expect(screen.queryByText(/Performing DNA Test/)).toBeNull(), {
      timeout: PENDING_REFRESH_MS * 3,
    });
    const uploaded = screen.getByTestId('beats-uploaded');
    expect(within(uploaded).getByText('Night Drive')).toBeTruthy();
    expect(within(uploaded).getByText('Matches 4 · Passes 2 · Purchases 1')).toBeTruthy();
    expect(screen.getByText('Beat is inactive. Please subscribe so artists can hear it!')).toBeTruthy();
  }, 30_000);

  it("shows a failed upload's reason, the Private badge, and filters by name", async () => {
    list = {
      uploaded: [beat('b1', 'Night Drive'), beat('b2', 'Daylight', { isPrivate: true })],
      pending: [],
      failed: [beat('b3', 'Broken', { failedReason: 'The WAV is silent.' })],
    };
    show();
    expect(await screen.findByText('Upload failed: The WAV is silent.')).toBeTruthy();
    expect(screen.getByText('Private')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search Beats'), { target: { value: 'NIGHT' } });
    expect(screen.getAllByTestId('beat-row')).toHaveLength(1);
    expect(screen.getByText('Night Drive')).toBeTruthy();
  });

  it('deletes after the confirmation and shows the DNA error text', async () => {
    list = { uploaded: [beat('b1', 'Night Drive')], pending: [], failed: [] };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'View DNA' }));
    expect(await screen.findByText('Performing DNA Test... The tags appear when it is done.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Night Drive' }));
    fireEvent.click(await screen.findByText('Delete'));
    expect(
      await screen.findByText(
        'Are you sure you want to delete the beat "Night Drive"? THIS CAN NOT BE UNDONE!',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No beats have been uploaded')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/beatmatch_manage_beats_delete')?.body).toEqual({
      beatId: 'b1',
      beatName: 'Night Drive',
      delete: true,
    });
  });

  it('refuses a negative, non-numeric or over-precise price with the spec rule, and saves 0.00 only when typed', async () => {
    list = { uploaded: [beat('b1', 'Night Drive')], pending: [], failed: [] };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Night Drive' }));
    fireEvent.click(await screen.findByText('Prices'));
    const first = (await screen.findByLabelText('First Date Package (MP3)')) as HTMLInputElement;
    expect(first.value).toBe('19.99');
    const edits = () => calls.filter((call) => call.path === '/api/beatmatch_manage_beats_edit');
    for (const [typed, message] of [
      ['-5', 'Prices can not be negative.'],
      ['abc', 'Prices must be in dollars with at most 2 decimals.'],
      ['1.234', 'Prices must be in dollars with at most 2 decimals.'],
      ['', 'Prices are required.'],
    ] as const) {
      fireEvent.change(first, { target: { value: typed } });
      expect(first.value).toBe(typed);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
      expect(edits()).toEqual([]);
    }
    fireEvent.change(first, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits()).toHaveLength(1));
    expect(edits()[0]!.body).toMatchObject({
      beatId: 'b1',
      price: { firstDatePackagePrice: '0.00', relationshipPackagePrice: '39.99', marriagePackagePrice: '-' },
    });
  });

  it('refuses a name with control or text-direction characters, or too long, before asking the catalog', async () => {
    list = { uploaded: [beat('b1', 'Night Drive')], pending: [], failed: [] };
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Night Drive' }));
    fireEvent.click(await screen.findByText('Name'));
    const name = await screen.findByLabelText('Beat name');
    fireEvent.change(name, { target: { value: 'Evil\u202Eepyt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Beat name can not contain control or text-direction characters.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/beatmatch_change_name')).toEqual([]);
  });
});
