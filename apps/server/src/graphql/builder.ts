import SchemaBuilder from '@pothos/core';
import type { GraphQLContext } from './context.ts';

/** The one Pothos builder; each module adds its types in `<module>.schema.ts`. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

builder.scalarType('DateTime', {
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) {
      throw new TypeError('DateTime must be an ISO 8601 string');
    }
    return date;
  },
});

builder.scalarType('JSON', {
  serialize: (value) => value,
  parseValue: (value) => value,
});
