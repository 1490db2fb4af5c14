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
