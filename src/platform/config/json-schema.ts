import { z } from 'zod';
import { dealerConfigSchema } from './schema';

/** The JSON Schema editors use for autocompletion: describes what they write (input side). */
export function dealerJsonSchema(): string {
  const schema = z.toJSONSchema(dealerConfigSchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return `${JSON.stringify({ ...schema, title: 'Dealer website config' }, null, 2)}\n`;
}
