import { loginRequestSchema, signupRequestSchema } from './identity';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('identity request messages', () => {
  const base = { email: 'a@example.com', password: 'long enough' };

  it('a missing username is required; a numeric one must be text', () => {
    expect(firstMessage(signupRequestSchema.safeParse(base))).toBe('Username is required.');
    expect(firstMessage(signupRequestSchema.safeParse({ ...base, username: 12345 }))).toBe(
      'Username must be text.',
    );
    expect(firstMessage(signupRequestSchema.safeParse({ ...base, username: 'maya', email: 7 }))).toBe(
      'Email must be text.',
    );
  });

  it("the survey error names the API's values artist, prod and both", () => {
    const message = firstMessage(
      loginRequestSchema.safeParse({ ...base, uuid: null, producerArtistSurvey: 'buy' }),
    );
    expect(message).toMatch(/'artist'/);
    expect(message).toMatch(/'prod'/);
    expect(message).toMatch(/'both'/);
    expect(loginRequestSchema.safeParse({ ...base, uuid: null, producerArtistSurvey: 'prod' }).success).toBe(
      true,
    );
  });
});
