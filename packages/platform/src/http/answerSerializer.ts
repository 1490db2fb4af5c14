import fastJson from 'fast-json-stringify';
import { isDeepStrictEqual } from 'node:util';
import { isBytesAnswer, jsonSchemaOf, type CallDeclaration } from '@beatmatch/contracts';
import { compilableSchema, objectBranches } from './answerSchema';

/*
 * A call's answer is written by a serialiser compiled from its declared answer schema (as Fastify does
 * with fast-json-stringify), compiled on the call's first answer and kept. Where the schema cannot be
 * compiled faithfully (see answerSchema.ts) the call keeps JSON.stringify.
 */

type JsonSchema = Record<string, unknown>;
type Write = (answer: unknown) => string;

export interface CompiledAnswer {
  /** Writes an answer as JSON; may throw where the answer does not fit its schema. */
  write: Write;
  /** Why the call keeps JSON.stringify; absent when its schema was compiled. */
  fallback?: string;
}

/**
 * Whether answers are checked before they are sent: on in tests (jest sets NODE_ENV=test) and wherever
 * BEATMATCH_CHECK_ANSWERS=1, so every int and e2e test also checks that the contract describes what the
 * service answers, and that the serialiser compiled from it writes what JSON.stringify would.
 */
export const checkAnswers = () =>
  process.env.BEATMATCH_CHECK_ANSWERS === '1' || process.env.NODE_ENV === 'test';

const stringify: Write = (answer) => JSON.stringify(answer);

const compile = (schema: JsonSchema): Write =>
  fastJson(schema as unknown as Parameters<typeof fastJson>[0]) as Write;

/** The serialiser of a call's answer, or JSON.stringify and the reason. */
export function compileAnswer(call: CallDeclaration): CompiledAnswer {
  if (isBytesAnswer(call.answer)) return { write: stringify, fallback: 'a bytes answer' };
  const schema = jsonSchemaOf(call.answer, 'output');
  const branches = objectBranches(schema);
  if (branches) return branchesAnswer(branches);
  const compilable = compilableSchema(schema);
  return 'reason' in compilable
    ? { write: stringify, fallback: compilable.reason }
    : { write: compile(compilable.schema) };
}

interface Branch {
  required: string[];
  declared: Set<string>;
  write: Write;
}

/** One serialiser per object of the union; an answer that fits none is written with JSON.stringify. */
function branchesAnswer(objects: JsonSchema[]): CompiledAnswer {
  const branches: Branch[] = [];
  for (const [index, object] of objects.entries()) {
    const compilable = compilableSchema(object, `branch ${index}`);
    if ('reason' in compilable) return { write: stringify, fallback: compilable.reason };
    branches.push({
      required: (object.required ?? []) as string[],
      declared: new Set(Object.keys((object.properties ?? {}) as JsonSchema)),
      write: compile(compilable.schema),
    });
  }
  return {
    write: (answer) =>
      (branches.find((branch) => fits(answer, branch)) ?? { write: stringify }).write(answer),
  };
}

/** The answer has every key the branch requires and no key it does not declare. */
function fits(answer: unknown, branch: Branch): boolean {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return false;
  const fields = answer as Record<string, unknown>;
  for (const key of branch.required) if (fields[key] === undefined) return false;
  for (const key in fields) if (fields[key] !== undefined && !branch.declared.has(key)) return false;
  return true;
}

const compiledAnswers = new Map<string, CompiledAnswer>();

/** The call's compiled answer, compiled on first use. */
export function compiledAnswerOf(name: string, call: CallDeclaration): CompiledAnswer {
  let compiled = compiledAnswers.get(name);
  if (!compiled) {
    compiled = compileAnswer(call);
    compiledAnswers.set(name, compiled);
  }
  return compiled;
}

/**
 * The JSON text of a call's answer. An answer its serialiser cannot write (it does not fit the schema)
 * is written with JSON.stringify; under test (`checkAnswers`) that, or any difference from what
 * JSON.stringify writes, throws naming the call instead.
 */
export function serializeAnswer(name: string, call: CallDeclaration, answer: unknown): string {
  const { write } = compiledAnswerOf(name, call);
  if (!checkAnswers()) {
    try {
      return write(answer);
    } catch {
      return JSON.stringify(answer);
    }
  }
  return faithfullyWritten(name, write, answer);
}

function faithfullyWritten(name: string, write: Write, answer: unknown): string {
  const expected = JSON.stringify(answer);
  let written: string;
  try {
    written = write(answer);
  } catch (error) {
    throw new Error(`${name}: the serialiser of its answer schema failed: ${(error as Error).message}`);
  }
  if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
    throw new Error(
      `${name}: the serialiser of its answer schema wrote ${written.slice(0, 300)} where JSON.stringify writes ${expected.slice(0, 300)}`,
    );
  return written;
}
