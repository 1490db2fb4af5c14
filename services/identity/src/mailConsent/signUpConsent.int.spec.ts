import request from 'supertest';
import { identityTestbed, type IdentityService, type IdentityTestbed } from '../testing/harness';

/**
 * The sign-up form's news-mail box: ticked, the new account has agreed to news mails (it is in the
 * e-mail CSV and gets campaigns); unticked or absent, it has not. Account settings can change it.
 */
let bed: IdentityTestbed;
let identity: IdentityService;

beforeAll(async () => {
  bed = await identityTestbed('signup_consent');
  identity = await bed.identity();
  await identity.start();
}, 60_000);
afterAll(() => bed?.close());

async function signUp(username: string, agreedToMail?: boolean) {
  const email = `${username}@example.com`;
  const signup = { username, email, password: 'correct horse battery', signedIn: false };
  const answer = await request(identity.app)
    .post('/signup')
    .set(await bed.headers())
    .send(agreedToMail === undefined ? signup : { ...signup, agreedToMail });
  expect(answer.body).toEqual({ response: 'success' });
  const { rows } = await bed.db.query<{ user_id: string }>(
    `SELECT user_id FROM ${bed.schema}.users WHERE email = $1`,
    [email],
  );
  return bed.headers({ userId: rows[0]!.user_id, email, userName: username });
}

const consentOf = async (headers: Record<string, string>) =>
  (await request(identity.app).post('/mail-consent').set(headers).send({})).body;

it('records the consent given at sign-up, and none when the box is left unticked', async () => {
  const ticked = await signUp('newsreader', true);
  expect(await consentOf(ticked)).toEqual({ agreed: true });
  expect(await consentOf(await signUp('quietone', false))).toEqual({ agreed: false });
  expect(await consentOf(await signUp('olderclient'))).toEqual({ agreed: false });

  const withdrawn = await request(identity.app).post('/mail-consent/set').set(ticked).send({ agreed: false });
  expect(withdrawn.body).toEqual({ agreed: false });
  expect(await consentOf(ticked)).toEqual({ agreed: false });
});
