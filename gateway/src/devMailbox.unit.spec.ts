import express from 'express';
import request from 'supertest';
import type { DevMailbox, StoredMail } from '@beatmatch/platform';
import { devMailboxPolicy, devMailboxRouter } from './devMailbox';

function appWith(mails: StoredMail[]) {
  const mailbox = { list: async () => mails } as unknown as DevMailbox;
  return express().use('/dev', devMailboxRouter(mailbox));
}

const mail = (text: string): StoredMail =>
  ({
    id: 'm1',
    to: 'maya@example.test',
    subject: 'Reset',
    text,
    sentAt: '2026-01-01T00:00:00Z',
  }) as StoredMail;

describe('the dev mailbox page', () => {
  it('makes the reset link clickable and lets it wrap', async () => {
    const link = 'http://127.0.0.1:8080/resetPassword?auth=a.b.c&username=maya';
    const response = await request(
      appWith([mail(`Reset your password here: ${link}\nThe link works once.`)]),
    ).get('/dev/mailbox');
    const escaped = link.replace('&', '&amp;');
    expect(response.text).toContain(`<a href="${escaped}">${escaped}</a>`);
    expect(response.text).toContain('overflow-wrap:anywhere');
  });

  it('links nothing but http(s) addresses, and keeps markup escaped', async () => {
    const response = await request(
      appWith([mail('javascript:alert(1) <script>x</script> https://x.test/"onmouseover=1')]),
    ).get('/dev/mailbox');
    expect(response.text).not.toContain('href="javascript');
    expect(response.text).not.toContain('<script>x');
    expect(response.text).toContain('<a href="https://x.test/&quot;onmouseover=1">');
  });
});

describe('when the dev mailbox is served', () => {
  it.each([
    ['127.0.0.1', undefined, true],
    ['127.1.2.3', undefined, true],
    ['::1', undefined, true],
    ['[::1]', undefined, true],
    ['localhost', undefined, true],
    ['0.0.0.0', undefined, false],
    ['::', undefined, false],
    ['192.168.1.20', undefined, false],
    [undefined, undefined, false],
    ['0.0.0.0', 'on', true],
    ['127.0.0.1', 'off', false],
  ])('host %s, DEV_MAILBOX=%s → %s', (host, setting, serve) => {
    const policy = devMailboxPolicy(host, setting);
    expect(policy.serve).toBe(serve);
    expect(policy.reason).not.toBe('');
  });
});
