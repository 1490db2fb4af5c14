/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { UploadBeats } from './UploadBeats';

configure({ asyncUtilTimeout: 15_000 });

// jsdom's Blob has no arrayBuffer(); browsers do. Read through FileReader here.
if (!Blob.prototype.arrayBuffer)
  Blob.prototype.arrayBuffer = function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };

let status: Record<string, unknown>;
const reply = (status: number, body: unknown) => ({
  ok: status < 400,
  status,
  text: async () => JSON.stringify(body),
});

beforeEach(() => {
  status = { lifer: false, subscribed: false, plan: null };
  globalThis.fetch = (async (input: string) => {
    if (input === '/api/csrf') return reply(200, { csrfToken: 't' });
    if (input === '/api/member_active_status') return reply(200, status);
    if (input === '/api/beatmatch_last_uploaded_price')
      return reply(200, { firstDatePackage: '24.99', relationshipPackage: '49.99', marriagePackage: '-' });
    return reply(404, { message: `no route ${input}` });
  }) as unknown as typeof fetch;
});

const show = () =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <MemoryRouter initialEntries={['/user/uploadBeats']}>
          <UploadBeats />
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );

const file = (name: string, bytes: number[]) => new File([new Uint8Array(bytes)], name);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('the upload wizard, step 1', () => {
  it('shows the free cap banner to a producer without a plan, not to a subscriber', async () => {
    const { unmount } = show();
    expect(
      await screen.findByText('You can only upload 3 beats. Please subscribe to upload more.'),
    ).toBeTruthy();
    unmount();
    status = { lifer: false, subscribed: true, plan: 'producer_unlimited' };
    show();
    await screen.findByLabelText('Beat name');
    // Give the status call time to answer before looking for the banner's absence.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('You can only upload 3 beats. Please subscribe to upload more.')).toBeNull();
  });

  it('asks for every file, refuses a file that is not a WAV, and prefills the last prices', async () => {
    show();
    fireEvent.change(await screen.findByLabelText('Beat name'), { target: { value: 'Night Drive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Empty fields. Please ensure all files were chosen.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('WAV file'), {
      target: { files: [file('beat.wav', ascii('ID3 not a wav'))] },
    });
    expect(
      await screen.findByText('Uh oh! The wav file you selected does not seem to be a WAV.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('First Date Package (MP3)')).toBeNull();

    fireEvent.change(screen.getByLabelText('WAV file'), {
      target: { files: [file('beat.wav', [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVEfmt ')])] },
    });
    const first = (await screen.findByLabelText('First Date Package (MP3)')) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe('24.99'));
    expect((screen.getByLabelText('Relationship Package (MP3 + WAV)') as HTMLInputElement).value).toBe(
      '49.99',
    );
    // No stems: no Marriage price.
    expect(screen.queryByLabelText('Marriage Package (MP3 + WAV + stems)')).toBeNull();

    fireEvent.change(screen.getByLabelText('Track stems (optional, .zip or .rar)'), {
      target: { files: [file('stems.zip', ascii('not a zip'))] },
    });
    expect(await screen.findByText('Uh oh! The stems file must be a .zip or .rar.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Track stems (optional, .zip or .rar)'), {
      target: { files: [file('stems.zip', [0x50, 0x4b, 3, 4, 20, 0])] },
    });
    expect(await screen.findByLabelText('Marriage Package (MP3 + WAV + stems)')).toBeTruthy();
  });
});
