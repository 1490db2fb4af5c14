import type { z } from 'zod';
import {
  apiCalls,
  isBytesAnswer,
  jsonSchemaOf as jsonSchema,
  type CallDeclaration,
} from '@beatmatch/contracts';
import { API_PREFIX } from './routes';
import { SESSION_COOKIE } from './session';

/*
 * The API's OpenAPI 3.1 document, read from the one declaration of each call (packages/contracts/src/api):
 * the request with zod's JSON Schema on the input side (what a client sends) and the answer on the
 * output side (what the service answers), so the fuzzer checks both.
 */

const problem = { $ref: '#/components/schemas/Problem' };
const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problem } },
});

/** A multipart body: the text fields as strings, plus one binary file field. */
function multipartSchema(fields: Record<string, unknown>, file: string): Record<string, unknown> {
  const properties = (fields.properties ?? {}) as Record<string, unknown>;
  const asText = Object.fromEntries(Object.keys(properties).map((name) => [name, { type: 'string' }]));
  return {
    type: 'object',
    properties: { ...asText, [file]: { type: 'string', format: 'binary' } },
    ...(fields.required ? { required: fields.required } : {}),
  };
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {
    [`${API_PREFIX}csrf`]: {
      get: {
        operationId: 'csrf',
        summary: 'A CSRF token (also set as a cookie); send it as x-csrf-token on every API call',
        security: [],
        responses: {
          '200': {
            description: 'The token',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { csrfToken: { type: 'string' } },
                  required: ['csrfToken'],
                },
              },
            },
          },
        },
      },
    },
  };
  for (const [name, call] of Object.entries(apiCalls as Record<string, CallDeclaration>))
    paths[`${API_PREFIX}${name}`] = { [call.method]: operation(name, call) };
  return {
    openapi: '3.1.0',
    info: { title: 'Beatmatch API', version: '0.1.0' },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
      },
      schemas: {
        Problem: {
          type: 'object',
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            message: { type: 'string' },
            code: { type: 'string' },
          },
        },
      },
    },
  };
}

const securityOf = (call: CallDeclaration) =>
  call.access === 'anonymous' || call.access === 'device' ? [{ csrf: [] }] : [{ session: [], csrf: [] }];

/** A GET call's request: one query parameter per field of its (object) schema. */
function queryParameters(request: z.ZodType): Record<string, unknown>[] {
  const schema = jsonSchema(request) as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([param, property]) => ({
    name: param,
    in: 'query',
    required: (schema.required ?? []).includes(param),
    ...(property.description ? { description: property.description } : {}),
    schema: { type: 'string' },
  }));
}

function requestBody(call: CallDeclaration): Record<string, unknown> {
  const schema = jsonSchema(call.request!);
  return {
    requestBody: {
      required: true,
      content: call.multipart
        ? { 'multipart/form-data': { schema: multipartSchema(schema, call.multipart.file) } }
        : { 'application/json': { schema } },
    },
  };
}

function successResponse(call: CallDeclaration): Record<string, unknown> {
  if (isBytesAnswer(call.answer))
    return {
      description: 'The bytes',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  return {
    description: 'Done',
    content: { 'application/json': { schema: jsonSchema(call.answer, 'output') } },
  };
}

function operation(name: string, call: CallDeclaration): Record<string, unknown> {
  return {
    operationId: name,
    summary: call.summary,
    security: securityOf(call),
    ...(call.request && call.method === 'get' ? { parameters: queryParameters(call.request) } : {}),
    ...(call.request && call.method === 'post' ? requestBody(call) : {}),
    responses: {
      '200': successResponse(call),
      '400': problemResponse('Bad input (the message names the field)'),
      '401': problemResponse('Not signed in, or wrong credentials'),
      '403': problemResponse('Missing or wrong CSRF token, or not allowed'),
      '404': problemResponse('Not found'),
      '409': problemResponse('Conflict (e.g. the e-mail is taken)'),
      '413': problemResponse('Body too large'),
      '415': problemResponse('Unsupported content type or encoding'),
      '429': problemResponse('Too many attempts'),
    },
  };
}
