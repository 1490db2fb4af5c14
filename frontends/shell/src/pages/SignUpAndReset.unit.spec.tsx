/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAIL_CONSENT_MESSAGES } from '@beatmatch/contracts';
import { ApiError } from '../api/client';
import { currentLocation, fakeApi, renderShell } from '../testing/renderShell';

jest.setTimeout(60_000);
// The first test lazy-loads the page (and contracts' texts with it): slow on a loaded machine.

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SignUp', () => {
  it('sends the referral code and shows the code steps', async () => {
    const api = fakeApi({ signup: jest.fn(async () => ({ response: 'success' as const })) });
    renderShell('/signUp?ref=AMB1', { api });
    // The form's own agreement line (the site footer has Terms and Privacy links too).
    const agreement = within((await screen.findByText(/By signing up you agree to our/)).parentElement!);
    expect(agreement.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/policies/terms');
    expect(agreement.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/policies/privacy',
    );
    fill('Username', 'maya.beats');
    fill('Email', 'maya@example.test');
    fill('Password', 'long-enough');
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign up' }).at(-1)!);
    expect(await screen.findByText('We emailed a six-digit code to maya@example.test.')).toBeTruthy();
    expect(screen.getByText('Enter the code')).toBeTruthy();
    expect(api.signup).toHaveBeenCalledWith({
      username: 'maya.beats',
      email: 'maya@example.test',
      password: 'long-enough',
      agreedToMail: false,
      ref: 'AMB1',
    });
  });

  it('asks for news mails with a box that starts unticked, and sends the tick', async () => {
    const api = fakeApi({ signup: jest.fn(async () => ({ response: 'success' as const })) });
    renderShell('/signUp', { api });
    const box = await screen.findByRole('checkbox', { name: MAIL_CONSENT_MESSAGES.agree });
    expect((box as HTMLInputElement).checked).toBe(false);
    fill('Username', 'newsreader');
    fill('Email', 'news@example.test');
    fill('Password', 'long-enough');
    fireEvent.click(box);
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign up' }).at(-1)!);
    await screen.findByText('We emailed a six-digit code to news@example.test.');
    expect(api.signup).toHaveBeenCalledWith({
      username: 'newsreader',
      email: 'news@example.test',
      password: 'long-enough',
      agreedToMail: true,
    });
  });

  it('checks the username and password rules before calling the server', async () => {
    const api = fakeApi();
    renderShell('/signUp', { api });
    await screen.findByText(/By signing up you agree to our/);
    fill('Username', 'a b');
    fill('Email', 'maya@example.test');
    fill('Password', 'short');
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign up' }).at(-1)!);
    expect(await screen.findByText('Use 3 to 30 letters, digits, _ . or -')).toBeTruthy();
    expect(await screen.findByText('Use 8 to 128 characters')).toBeTruthy();
    expect(api.signup).not.toHaveBeenCalled();
  });
});

describe('ResetPassword', () => {
  it('checks the token first, then resets and offers Login', async () => {
    const api = fakeApi({
      checkResetToken: jest.fn(async () => ({ response: 'success' as const, username: 'maya' })),
      resetPassword: jest.fn(async () => ({ message: 'Your password has been reset.' })),
    });
    renderShell('/resetPassword?auth=tok-1', { api });
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(api.checkResetToken).toHaveBeenCalledWith('tok-1');
    fill('New password', 'new-password-1');
    fill('Confirm password', 'new-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
    expect(api.resetPassword).toHaveBeenCalledWith({
      username: 'maya',
      password: 'new-password-1',
      jwt: 'tok-1',
    });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it("sends the user to /login when the token has 'expired', and says so there", async () => {
    const api = fakeApi({ checkResetToken: jest.fn(() => Promise.reject(new ApiError('expired', 400))) });
    renderShell('/resetPassword?auth=old&username=maya', { api });
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(await screen.findByText('This reset link has expired. Please request a new one.')).toBeTruthy();
  });

  it("speaks of setting up an account for a guest buyer's set-up link (setup=1)", async () => {
    const api = fakeApi({
      checkResetToken: jest.fn(async () => ({ response: 'success' as const, username: 'guest-buyer' })),
      resetPassword: jest.fn(async () => ({ message: 'Your account is ready. Log in with your password.' })),
    });
    renderShell('/resetPassword?auth=setup-1&setup=1', { api });
    await screen.findByRole('heading', { name: 'Set up your Beatmatch account' });
    expect(screen.queryByRole('heading', { name: 'Reset your password' })).toBeNull();
    fill('New password', 'new-password-1');
    fill('Confirm password', 'new-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your account is ready. Log in with your password.')).toBeTruthy();
    expect(api.resetPassword).toHaveBeenCalledWith({
      username: 'guest-buyer',
      password: 'new-password-1',
      jwt: 'setup-1',
    });
  });

  it('says an expired set-up link has expired, with the way to choose a password', async () => {
    const api = fakeApi({ checkResetToken: jest.fn(() => Promise.reject(new ApiError('expired', 400))) });
    renderShell('/resetPassword?auth=old&setup=1', { api });
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(
      await screen.findByText(
        'This set-up link has expired. Use Forgot password? with your e-mail to choose a password.',
      ),
    ).toBeTruthy();
  });

  it('checks a link once (each check spends a rate-limited attempt)', async () => {
    const api = fakeApi({
      checkResetToken: jest.fn(async () => ({ response: 'success' as const, username: 'maya' })),
    });
    renderShell('/resetPassword?auth=tok-1', { api });
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(api.checkResetToken).toHaveBeenCalledTimes(1);
  });

  it('says "too many attempts" on 429 rather than calling a valid link invalid', async () => {
    const api = fakeApi({
      checkResetToken: jest.fn(() =>
        Promise.reject(
          new ApiError('Too many attempts. Please wait a minute and try again.', 429, 'rate_limited'),
        ),
      ),
    });
    renderShell('/resetPassword?auth=tok-1', { api });
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeTruthy();
    expect(screen.queryByText('This reset link is not valid')).toBeNull();
  });
});
