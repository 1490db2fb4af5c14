/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway } from '@beatmatch/frontend-common/testing/fakeGateway';
import { ApiError, NetworkError } from '../api/client';
import {
  SIGNED_IN_USER,
  currentLocation,
  fakeApi,
  notAuthenticated,
  renderShell,
} from '../testing/renderShell';

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function submitCredentials() {
  // The card and its title show first; the form follows with its code.
  await screen.findByRole('heading', { name: 'Login' });
  await screen.findByLabelText('Email');
  fill('Email', 'maya@example.test');
  fill('Password', 'secret-password');
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

// antd renders slowly in jsdom.
jest.setTimeout(60_000);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('Login', () => {
  it('walks through code, survey and trial offer, then enters the platform', async () => {
    let signedIn = false;
    const login = jest
      .fn()
      .mockResolvedValueOnce({ response: 'authenticate', data: 'maya', isReferral: false })
      .mockResolvedValueOnce({ response: 'survey', data: 'maya', isReferral: false })
      .mockImplementationOnce(async () => {
        signedIn = true;
        return { response: 'artistSubs', data: 'maya', isReferral: true };
      });
    const api = fakeApi({
      login,
      auth: jest.fn(() => (signedIn ? Promise.resolve(SIGNED_IN_USER) : notAuthenticated())),
    });
    // Referrals confirms the sign-up was attributed to a real code (the trial offer asks).
    fakeGateway(() => ({ '/api/referral_status': () => ({ referred: true }) }), []);
    renderShell('/login', { api });

    await submitCredentials();
    await screen.findByText(/six-digit authentication code/);
    expect(localStorage.getItem('uuid')).toBe('device-1');
    expect(login).toHaveBeenLastCalledWith({
      email: 'maya@example.test',
      password: 'secret-password',
      uuid: 'device-1',
    });

    fill('Authentication code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('What do you want to do on Beatmatch?');
    expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ auth_code: '123456' }));

    fireEvent.click(screen.getByLabelText('Buy beats'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const offer = await screen.findByTestId('trial-offer');
    expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ producerArtistSurvey: 'artist' }));
    // Referred: 14-day trial; artist family: Marketplace Pro at $4, $8, $10.
    await within(offer).findByText(/Marketplace Pro: try it free for 14 days/);
    expect(offer.textContent).toContain('$10/month');
    // The trial subscribes for real now (TrialOffer.unit.spec.tsx follows a checkout through).
    const trials = screen.getAllByRole('button', { name: /^Start 14-day free trial of / });
    expect(trials).toHaveLength(3);
    expect(trials[0]).toHaveProperty('disabled', false);
    expect(offer.textContent).not.toMatch(/coming soon/i);

    fireEvent.click(screen.getByRole('button', { name: 'Continue to the platform' }));
    await waitFor(() => expect(currentLocation()).toBe('/user/matchmaker'));
  });

  it('goes back to the last /user path after a plain successful login', async () => {
    let signedIn = false;
    const api = fakeApi({
      login: jest.fn(async () => {
        signedIn = true;
        return { response: 'success' as const, data: 'maya', isReferral: false };
      }),
      auth: jest.fn(() => (signedIn ? Promise.resolve(SIGNED_IN_USER) : notAuthenticated())),
    });
    renderShell('/user/purchases', { api });
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    await submitCredentials();
    await waitFor(() => expect(currentLocation()).toBe('/user/purchases'));
    expect(await screen.findByTestId('page-title')).toHaveProperty('textContent', 'Purchases');
  });

  it("shows the server's message in red and stays on the form", async () => {
    const api = fakeApi({
      login: jest.fn(() => Promise.reject(new ApiError('Incorrect email or password.', 401))),
    });
    renderShell('/login', { api });
    await submitCredentials();
    expect(await screen.findByText('Incorrect email or password.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
  });

  it('marks the password field when the server refuses the credentials by code', async () => {
    const api = fakeApi({
      login: jest.fn(() =>
        Promise.reject(new ApiError('Incorrect email or password.', 401, 'wrong_credentials')),
      ),
    });
    renderShell('/login', { api });
    await submitCredentials();
    const error = await screen.findByText('Incorrect email or password.');
    expect(error.closest('.ant-form-item')?.textContent).toContain('Password');
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('Incorrect');
  });

  it('marks the code field when the code is wrong', async () => {
    const login = jest
      .fn()
      .mockResolvedValueOnce({ response: 'authenticate', data: 'maya', isReferral: false })
      .mockRejectedValueOnce(new ApiError('Invalid code.', 400, 'invalid_code'));
    renderShell('/login', { api: fakeApi({ login }) });
    await submitCredentials();
    await screen.findByText(/six-digit authentication code/);
    fill('Authentication code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const error = await screen.findByText('Invalid code.');
    const item = error.closest('.ant-form-item');
    expect(item?.textContent).toContain('Authentication code');
    expect(item?.className).toContain('ant-form-item-has-error');
  });

  it('puts the cursor in the e-mail field', async () => {
    renderShell('/login');
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('tells the user to reload when the gateway cannot be reached', async () => {
    const api = fakeApi({ login: jest.fn(() => Promise.reject(new NetworkError())) });
    renderShell('/login', { api });
    await submitCredentials();
    expect(await screen.findByText('Error - please reload the page and try again.')).toBeTruthy();
  });

  it('clears its toasts when the user moves to another screen', async () => {
    const api = fakeApi({ login: jest.fn(() => Promise.reject(new NetworkError())) });
    renderShell('/login', { api });
    await submitCredentials();
    expect(await screen.findByText('Error - please reload the page and try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(currentLocation()).toBe('/signUp'));
    await waitFor(() =>
      expect(screen.queryByText('Error - please reload the page and try again.')).toBeNull(),
    );
  });

  it('resends the code and says so', async () => {
    const api = fakeApi({
      login: jest.fn(async () => ({ response: 'authenticate' as const, data: 'maya', isReferral: false })),
      resendCode: jest.fn(async () => ({ message: 'Email has been resent to you with your new code' })),
    });
    renderShell('/login', { api });
    await submitCredentials();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email has been resent to you with your new code')).toBeTruthy();
    expect(api.resendCode).toHaveBeenCalledWith({
      email: 'maya@example.test',
      password: 'secret-password',
      uuid: 'device-1',
    });
  });

  it('sends the forgot-password e-mail from a dialog', async () => {
    const api = fakeApi({
      forgotPassword: jest.fn(async () => ({
        message: 'An email has been sent if there is an email associated with an account.',
      })),
    });
    renderShell('/login', { api });
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'who@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('An email has been sent if there is an email associated with an account.'),
    ).toBeTruthy();
    expect(api.forgotPassword).toHaveBeenCalledWith('who@example.test');
  });
});
