import request from 'supertest';
import { createLogger } from '../logging/logger';
import { generateInternalKeyPair, InternalTokenIssuer, InternalTokenVerifier } from '../auth/internalToken';
import { createServiceApp } from './app';

/** The service defaults turn bad bodies into 4xx problems before any handler runs. */
describe('service app input edge', () => {
  const stored: unknown[] = [];
  let app: ReturnType<ReturnType<typeof createServiceApp>['finalize']>;
  let token: string;

  beforeAll(async () => {
    const keys = await generateInternalKeyPair();
    const service = createServiceApp({
      name: 'test',
      logger: createLogger('test', 'silent'),
      verifier: new InternalTokenVerifier(keys.publicKey),
    });
    service.app.post('/things', (req, res) => {
      stored.push(req.body);
      res.json({ ok: true });
    });
    app = service.finalize();
    token = await new InternalTokenIssuer(keys.privateKey).issue({});
  });

  const post = () => request(app).post('/things').set('x-internal-token', token);

  it('stores a good body', async () => {
    await post().send({ ref: 'abc', uuid: 'd1' }).expect(200);
    expect(stored).toHaveLength(1);
  });

  it.each([
    ['NUL in ref', '{"ref":"a\\u0000b"}'],
    ['lone high surrogate in uuid', '{"uuid":"\\ud800"}'],
    ['lone low surrogate in a nested field', '{"a":{"b":["x\\udc00"]}}'],
    ['NUL in a key', '{"a\\u0000":1}'],
  ])('answers 400 to %s and stores nothing', async (_name, body) => {
    const before = stored.length;
    const response = await post().set('content-type', 'application/json').send(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'invalid_text',
      message: expect.stringMatching(/NUL|Unicode/),
    });
    expect(stored).toHaveLength(before);
  });

  it('answers 400 to a NUL in the query string', async () => {
    const response = await post().query({ ref: 'a\u0000' }).send({});
    expect(response.status).toBe(400);
  });

  it.each(['latin1', 'iso-8859-1', 'no-such-charset'])('answers 415 to charset=%s', async (charset) => {
    const before = stored.length;
    const response = await post()
      .set('content-type', `application/json; charset=${charset}`)
      .send('{"ref":"x"}');
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({
      code: 'unsupported_charset',
      message: expect.stringMatching(/UTF-8/),
    });
    expect(stored).toHaveLength(before);
  });

  it('answers 415 to Content-Encoding: bogus', async () => {
    const response = await post()
      .set('content-type', 'application/json')
      .set('content-encoding', 'bogus')
      .send('{"ref":"x"}');
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ code: 'unsupported_encoding' });
  });

  it('still answers 400 to malformed JSON and 413 to a huge body', async () => {
    await post().set('content-type', 'application/json').send('{"a":').expect(400);
    await post()
      .set('content-type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(200_000) }))
      .expect(413);
  });
});
