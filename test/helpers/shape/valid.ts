/**
 * Asserts a value matches a response schema, failing with the schema's own messages and paths.
 * Returns the value itself (not valibot's rebuilt output), so key-order checks see the shape's order.
 */
import * as v from 'valibot';

export function valid<T>(schema: v.GenericSchema<T>, value: unknown): T {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const lines = result.issues.slice(0, 5).map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
    throw new Error(`response does not match its schema:\n${lines.join('\n')}`);
  }
  return value as T;
}
