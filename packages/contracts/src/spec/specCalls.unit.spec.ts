import { z } from 'zod';
import { apiCalls, type CallDeclaration } from '../api';
import { SPEC_CALL_COUNT, servedSpecCalls, specCalls, type SpecCall } from './index';

/**
 * The spec's calls (both documents' §7) against the route contract: a served call must be declared
 * under the spec's name, with the spec's method and exactly the spec's required fields; a planned call
 * must not be declared yet (when it lands, its entry flips to served: one line).
 */
const declared = apiCalls as Record<string, CallDeclaration>;

/** The request's fields, each required or not (absent request: no fields). */
function requestFields(call: CallDeclaration): Map<string, boolean> {
  return call.request ? fieldsOf(call.request, call.path) : new Map();
}

/** An object's fields; a union's are every option's, required where every option requires them. */
function fieldsOf(request: z.ZodType, path: string): Map<string, boolean> {
  let schema = request;
  while (schema instanceof z.ZodPipe) schema = schema.in as z.ZodType;
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodType[]).map((option) => fieldsOf(option, path));
    const names = new Set(options.flatMap((fields) => [...fields.keys()]));
    return new Map([...names].map((name) => [name, options.every((fields) => fields.get(name) === true)]));
  }
  if (!(schema instanceof z.ZodObject)) throw new Error(`${path}: the request is not an object`);
  return new Map(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([field, fieldSchema]) => [
      field,
      !fieldSchema.safeParse(undefined).success,
    ]),
  );
}

const required = (payload: readonly string[]) => payload.filter((field) => !field.endsWith('?')).sort();
const named = (payload: readonly string[]) => payload.map((field) => field.replace(/\?$/, ''));

/** How a declared call differs from the spec's entry ([] when it matches). */
function differences(spec: SpecCall, call: CallDeclaration): string[] {
  const found: string[] = [];
  if (spec.method && call.method !== spec.method) found.push(`method ${call.method}, spec ${spec.method}`);
  if (spec.file !== call.multipart?.file) found.push(`file ${call.multipart?.file}, spec ${spec.file}`);
  if (spec.payload === null) return found;
  const fields = requestFields(call);
  const declaredRequired = [...fields].filter(([, isRequired]) => isRequired).map(([field]) => field);
  if (required(spec.payload).join() !== declaredRequired.sort().join())
    found.push(`required [${declaredRequired}], spec [${required(spec.payload)}]`);
  const missing = named(spec.payload).filter((field) => !fields.has(field));
  if (missing.length > 0) found.push(`does not accept the spec's ${missing.join(', ')}`);
  return found;
}

it(`lists the spec's ${SPEC_CALL_COUNT} distinct calls, each once`, () => {
  const names = specCalls.map((call) => call.name);
  expect(new Set(names).size).toBe(names.length);
  expect(names).toHaveLength(SPEC_CALL_COUNT);
});

it('serves every call marked served, by its name, method and required fields', () => {
  const served = servedSpecCalls();
  const wrong = served.flatMap((spec) => {
    const call = declared[spec.name];
    if (!call) return [`${spec.name}: not declared`];
    return differences(spec, call).map((difference) => `${spec.name}: ${difference}`);
  });
  expect(wrong).toEqual([]);
  console.info(`${served.length} of ${SPEC_CALL_COUNT} spec calls served`);
});

it('has no call declared that the list still marks planned', () => {
  const landed = specCalls
    .filter((spec) => spec.status !== 'served' && Object.hasOwn(declared, spec.name))
    .map((spec) => `${spec.name} is declared: mark it served in packages/contracts/src/spec`);
  expect(landed).toEqual([]);
});

it('finds a misnamed, re-methoded or re-fielded call', () => {
  const login = specCalls.find((spec) => spec.name === 'beatmatch_login')!;
  const declaredLogin = apiCalls.beatmatch_login as CallDeclaration;
  expect(differences(login, declaredLogin)).toEqual([]);
  expect(differences({ ...login, method: 'get' }, declaredLogin)).toEqual(['method post, spec get']);
  expect(differences({ ...login, payload: ['email', 'password', 'passcode'] }, declaredLogin)).toEqual([
    'required [email,password], spec [email,passcode,password]',
    "does not accept the spec's passcode",
  ]);
});
