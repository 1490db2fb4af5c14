/*
 * Which declared answer schemas fast-json-stringify may serialise, and in what form. It writes only the
 * properties a schema declares and coerces values to the declared types, so a schema it gets must say
 * nothing it would act on beyond "these keys, these JSON types". Everything outside a small, plainly
 * faithful subset is refused with a reason, and that call's answers keep JSON.stringify.
 */

type JsonSchema = Record<string, unknown>;

/** A schema fast-json-stringify may compile, or why the call keeps JSON.stringify. */
export type Compilable = { schema: JsonSchema } | { reason: string };

/** Keywords that only validate: a serialiser ignores them, so they are dropped. */
const VALIDATION_ONLY = new Set([
  'description',
  'title',
  'examples',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
  // fast-json-stringify would reformat Date values for date/time formats; a plain string is written as is.
  'format',
  // fast-json-stringify throws on a missing required key; JSON.stringify leaves it out (as it now does).
  'required',
]);

const PRIMITIVES = new Set(['string', 'number', 'boolean', 'null']);

const refuse = (reason: string, at: string): Compilable => ({ reason: `${reason} at ${at || '(root)'}` });

/**
 * The answer schema (JSON Schema of its output side) rewritten for fast-json-stringify, or the reason it
 * is refused. Integers are written as numbers (fast-json-stringify would truncate a fraction), and a
 * nullable object or array (`anyOf [X, null]`) becomes X with `nullable`.
 */
export function compilableSchema(schema: JsonSchema, at = ''): Compilable {
  if (Array.isArray(schema.anyOf) && Object.keys(schema).length === 1)
    return unionSchema(schema.anyOf as JsonSchema[], at);
  const kept: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (VALIDATION_ONLY.has(keyword)) continue;
    if (
      keyword !== 'type' &&
      keyword !== 'properties' &&
      keyword !== 'items' &&
      keyword !== 'additionalProperties'
    )
      return refuse(`"${keyword}"`, at);
    kept[keyword] = value;
  }
  if (kept.type === undefined) {
    // `{}` (any value, e.g. z.unknown()) is written with JSON.stringify by fast-json-stringify too.
    const constrained = schema.const !== undefined || schema.enum !== undefined;
    return Object.keys(kept).length === 0 && !constrained
      ? { schema: {} }
      : refuse('a schema without a type', at);
  }
  if (Array.isArray(kept.type)) return primitiveTypes(kept.type, at);
  if (kept.type === 'integer') return { schema: { type: 'number' } };
  if (PRIMITIVES.has(kept.type as string)) return { schema: { type: kept.type } };
  if (kept.type === 'array') return arraySchema(kept, at);
  if (kept.type === 'object') return objectSchema(kept, at);
  return refuse(`type ${JSON.stringify(kept.type)}`, at);
}

/**
 * Two unions are written faithfully: of primitives only (`0 | 1`, `string | null`: the JSON types, the
 * constants only validate), and `X | null` (X with `nullable`). Any other is refused.
 */
function unionSchema(branches: JsonSchema[], at: string): Compilable {
  const compiled: JsonSchema[] = [];
  for (const branch of branches) {
    const result = compilableSchema(branch, at);
    if (!('schema' in result)) return result;
    compiled.push(result.schema);
  }
  const types = compiled.map((branch) => branch.type);
  const primitive = (branch: JsonSchema) =>
    Object.keys(branch).length === 1 && [branch.type].flat().every((type) => PRIMITIVES.has(type as string));
  if (compiled.every(primitive)) return primitiveTypes(types.flat(), at);
  const isNull = (branch: JsonSchema) => branch.type === 'null';
  const others = compiled.filter((branch) => !isNull(branch));
  if (compiled.length === 2 && others.length === 1) return { schema: { ...others[0], nullable: true } };
  return refuse('a union of objects or arrays', at);
}

/** `type: ['string', 'null']` and the like; only primitives, integers written as numbers. */
function primitiveTypes(types: unknown[], at: string): Compilable {
  const written = [...new Set(types.map((type) => (type === 'integer' ? 'number' : type)))];
  if (!written.every((type) => PRIMITIVES.has(type as string)))
    return refuse(`type ${JSON.stringify(types)}`, at);
  return { schema: { type: written } };
}

function arraySchema(schema: JsonSchema, at: string): Compilable {
  const items = schema.items;
  if (typeof items !== 'object' || items === null || Array.isArray(items))
    return refuse('an array without one item schema', at);
  const compiled = compilableSchema(items as JsonSchema, `${at}[]`);
  return 'schema' in compiled ? { schema: { type: 'array', items: compiled.schema } } : compiled;
}

/** Only closed objects (zod's own): a record or an open object would have keys the schema does not name. */
function objectSchema(schema: JsonSchema, at: string): Compilable {
  if (schema.additionalProperties !== false) return refuse('an object with undeclared keys (a record?)', at);
  const properties: JsonSchema = {};
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const compiled = compilableSchema(property, at ? `${at}.${key}` : key);
    if (!('schema' in compiled)) return compiled;
    properties[key] = compiled.schema;
  }
  return { schema: { type: 'object', properties, additionalProperties: false } };
}

/**
 * The branches of an answer that is one of several closed objects (`anyOf` at the root, e.g. a beat or
 * a limit message): each is compiled on its own and an answer is written with the one whose keys it has.
 */
export function objectBranches(schema: JsonSchema): JsonSchema[] | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches) || Object.keys(schema).length !== 1) return undefined;
  const objects = branches as JsonSchema[];
  return objects.every((branch) => branch.type === 'object' && branch.additionalProperties === false)
    ? objects
    : undefined;
}
