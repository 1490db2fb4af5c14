import type { StoredMail } from '@beatmatch/platform';
import { waitFor } from '@beatmatch/testing';
import { ApiClient } from '@beatmatch/embedded/apiClient';
import { distributedRun } from './distributedRun';

/**
 * The distributed profile without SMTP_URL (issue 29 item 4): a new user signs up and finds the code
 * on the gateway's dev mailbox page, as in the embedded profile, without reading any source.
 */
jest.setTimeout(300_000);

const distributed = distributedRun('mail');
const { run } = distributed;

test('sign-up without SMTP: the code is on the gateway’s dev mailbox page and logs in', async () => {
  const client = new ApiClient(distributed.system().url);
  const user = {
    username: `mail${run}`,
    email: `mail.${run}@example.com`,
    password: 'correct horse battery',
  };
  const visitor = await client.post<{ uuid: string }>('beatmatch_exclude');
  expect((await client.post('beatmatch_signup', { ...user, signedIn: false })).body).toEqual({
    response: 'success',
  });

  const config = (await (await fetch(`${distributed.system().url}/app-config.json`)).json()) as {
    devMailbox: string | null;
  };
  expect(config.devMailbox).toBe('/dev/mailbox');
  let mail: StoredMail | undefined;
  await waitFor(
    'the code mail on the dev mailbox page',
    async () => {
      const mails = (await (
        await fetch(`${distributed.system().url}/dev/mailbox.json`)
      ).json()) as StoredMail[];
      mail = mails.find((candidate) => candidate.to === user.email);
      return Boolean(mail);
    },
    30_000,
  );
  const page = await (await fetch(`${distributed.system().url}/dev/mailbox`)).text();
  expect(page).toContain(user.email);
  const code = /^Your Beatmatch code: (\d{6})$/.exec(mail!.subject)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  const login = { email: user.email, password: user.password, uuid: visitor.body.uuid };
  expect((await client.post('beatmatch_login', login)).body).toMatchObject({ response: 'authenticate' });
  expect((await client.post('beatmatch_login', { ...login, auth_code: code })).body.response).toBe('survey');
});
