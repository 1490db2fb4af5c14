/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { SDK_VERSION } from './sdk/version';
import { SDK_MISMATCH_MESSAGE, SdkVersionCheck } from './SdkVersionCheck';

describe('the SDK version check of a remote', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('renders the remote when the shell runs the SDK it was built with', () => {
    render(
      <SdkVersionCheck remote="artist" hostVersion={SDK_VERSION}>
        <p>the pages</p>
      </SdkVersionCheck>,
    );
    expect(screen.getByText('the pages')).toBeTruthy();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('renders the remote running alone (no host, no version handed in)', () => {
    render(
      <SdkVersionCheck remote="artist" hostVersion={undefined}>
        <p>the pages</p>
      </SdkVersionCheck>,
    );
    expect(screen.getByText('the pages')).toBeTruthy();
  });

  it('says so, on the page and in the console, when the shell runs another SDK', () => {
    render(
      <SdkVersionCheck remote="producer" hostVersion="0.0.9+0123456789ab">
        <p>the pages</p>
      </SdkVersionCheck>,
    );
    expect(screen.queryByText('the pages')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(SDK_MISMATCH_MESSAGE);
    expect(consoleError).toHaveBeenCalledWith(
      `Beatmatch SDK mismatch: the shell runs SDK 0.0.9+0123456789ab, the producer remote was built with ${SDK_VERSION}.`,
    );
  });
});
