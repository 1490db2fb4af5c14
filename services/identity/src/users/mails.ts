import { escapeHtml, type MailMessage } from '@beatmatch/platform';

export const CODE_TTL_MINUTES = 15;
export const RESET_TTL_MINUTES = 60;

export function verificationCodeMail(
  to: string,
  username: string,
  code: string,
  minutes: number,
): MailMessage {
  return {
    to,
    subject: `Your Beatmatch code: ${code}`,
    text: `Hi ${username},\n\nYour six-digit Beatmatch code is ${code}.\nEnter it after you log in. It expires in ${minutes} minutes.\n\nIf you did not sign up for Beatmatch, you can ignore this email.`,
    html: `<p>Hi ${escapeHtml(username)},</p><p>Your six-digit Beatmatch code is <strong style="font-size:20px;letter-spacing:3px">${code}</strong>.</p><p>Enter it after you log in. It expires in ${minutes} minutes.</p><p>If you did not sign up for Beatmatch, you can ignore this email.</p>`,
  };
}

export function passwordResetMail(to: string, username: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Reset your Beatmatch password',
    text: `Hi ${username},\n\nReset your password here: ${link}\nThe link works once and expires in ${minutes} minutes.\n\nIf you did not ask for this, you can ignore this email.`,
    html: `<p>Hi ${escapeHtml(username)},</p><p><a href="${escapeHtml(link)}">Reset your password</a></p><p>The link works once and expires in ${minutes} minutes.</p><p>If you did not ask for this, you can ignore this email.</p>`,
  };
}

export function accountSetupMail(to: string, link: string, days: number): MailMessage {
  return {
    to,
    subject: 'Set up your Beatmatch account',
    text: `Thank you for your purchase on Beatmatch!\n\nSet up your account to download your beats and licences: ${link}\nChoose a password (and a username if you like), then log in and go to Purchases.\nThe link works once and expires in ${days} days.\n\nIf you did not buy anything on Beatmatch, you can ignore this email.`,
    html: `<p>Thank you for your purchase on Beatmatch!</p><p><a href="${escapeHtml(link)}">Set up your Beatmatch account</a> to download your beats and licences: choose a password (and a username if you like), then log in and go to Purchases.</p><p>The link works once and expires in ${days} days.</p><p>If you did not buy anything on Beatmatch, you can ignore this email.</p>`,
  };
}

export function guestPurchaseNoteMail(to: string, loginLink: string): MailMessage {
  return {
    to,
    subject: 'Your Beatmatch purchase is in your Purchases',
    text: `Thank you for your purchase on Beatmatch!\n\nThis email already has a Beatmatch account, so the beats are in your Purchases: log in at ${loginLink} and go to Purchases to download them.\n\nForgot your password? Use "Forgot password?" on the login page.`,
    html: `<p>Thank you for your purchase on Beatmatch!</p><p>This email already has a Beatmatch account, so the beats are in your Purchases: <a href="${escapeHtml(loginLink)}">log in</a> and go to Purchases to download them.</p><p>Forgot your password? Use "Forgot password?" on the login page.</p>`,
  };
}
