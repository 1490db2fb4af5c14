import { z } from 'zod';

/**
 * A declared schema as JSON Schema (2020-12, without `$schema`): the input side is what a client
 * sends, the output side what a service answers. One conversion for everything that reads the
 * declarations as JSON Schema: the OpenAPI document and the answer serialisers.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}
