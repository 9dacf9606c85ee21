// Request validation against the contract's TypeBox schemas, without any conversion.
// @fastify/type-provider-typebox's TypeBoxValidatorCompiler runs Value.Convert on params and query
// strings first, which (a) turns "0x2b", "043", " 43" and "43.0" into 43 and (b) throws on a
// property named "*" (the wildcard of /files/*: typebox 1.4 builds an unescaped RegExp from the
// key), a 500. The contract types every path and query value as a string (ids by a decimal
// pattern, see contract/common.ts), so nothing needs converting: check the value as it came.
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { registerAjvFormats } from '@fastify/type-provider-typebox';

// String formats (uuid, date-time, email, …) as ajv-formats checks them; TypeBox refuses unknown ones.
registerAjvFormats();

export const contractValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  const check = Compile(schema);
  return (value: unknown) => (check.Check(value) ? { value } : { error: check.Errors(value) as never });
};
