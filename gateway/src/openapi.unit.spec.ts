import { apiCalls, type CallDeclaration } from '@beatmatch/contracts';
import { openApiDocument } from './openapi';
import { routeTable } from './routes';

type Operation = {
  operationId: string;
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
};
const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, Operation>> };
const operation = (name: string) => Object.values(doc.paths[`/api/${name}`] ?? {})[0];

describe('OpenAPI document', () => {
  it('documents every route of the route table and nothing else', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(
      ['/api/csrf', ...Object.keys(routeTable).map((name) => `/api/${name}`)].sort(),
    );
  });

  it('is OpenAPI 3.1 with one operation per route, named after it', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const name of Object.keys(routeTable)) expect(operation(name)?.operationId).toBe(name);
  });

  it("carries the zod schemas' fields, requirements and limits (what a client sends)", () => {
    const signup = operation('beatmatch_signup')!.requestBody!.content['application/json'].schema as {
      properties: Record<string, { maxLength?: number; minLength?: number; pattern?: string }>;
      required: string[];
    };
    expect(signup.required.sort()).toEqual(['email', 'password', 'username']);
    expect(Object.keys(signup.properties).sort()).toEqual([
      'agreedToMail',
      'email',
      'password',
      'ref',
      'signedIn',
      'username',
    ]);
    expect(signup.properties.password).toMatchObject({ minLength: 8, maxLength: 128 });
    expect(signup.properties.username).toMatchObject({ maxLength: 30 });
    const login = operation('beatmatch_login')!.requestBody!.content['application/json'].schema as {
      properties: Record<string, unknown>;
    };
    expect(login.properties.producerArtistSurvey).toMatchObject({
      anyOf: expect.arrayContaining([{ type: 'string', enum: ['artist', 'prod', 'both'] }]),
    });
  });

  it('routes without a body have no request body; routes with one require it', () => {
    for (const [name, call] of Object.entries(apiCalls as Record<string, CallDeclaration>)) {
      const op = operation(name)!;
      if (call.request && call.method === 'post') expect(op.requestBody).toMatchObject({ required: true });
      else expect(op.requestBody).toBeUndefined();
    }
  });

  it('describes each JSON answer with its declared schema (what the service answers)', () => {
    const answer = (name: string) =>
      (
        operation(name) as unknown as {
          responses: { '200': { content: Record<string, { schema: Record<string, unknown> }> } };
        }
      ).responses['200'].content;
    expect(answer('get_address')['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['address', 'split'],
    });
    expect(answer('beatmatch_beat_play_snippet')['application/octet-stream']!.schema).toEqual({
      type: 'string',
      format: 'binary',
    });
  });

  it('gives a GET call its query parameters from the request schema', () => {
    const op = operation('beatmatch_cover_art') as unknown as {
      parameters: { name: string; required: boolean }[];
    };
    expect(op.parameters).toEqual([
      expect.objectContaining({ name: 'beatId', in: 'query', required: true }),
      expect.objectContaining({ name: 'v', in: 'query', required: false }),
    ]);
  });
});
