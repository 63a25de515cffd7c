/**
 * Checking a form's fields one by one with the shared field schemas (account-fields.ts), and
 * zod's issues as the API's `fields`. No zod import here: callers hand over the schemas, so a
 * page that only shows refusals does not carry a validation library.
 */
export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** zod's issues as the API's `fields`: the first message for each field path, `_` for the whole body. */
export function issueFields(issues: readonly Issue[], prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[[prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_'] ??= issue.message;
  return fields;
}

/** What a zod schema's safeParse answers, as far as this module reads it. */
export interface FieldSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

type Checked<S extends Record<string, [FieldSchema<unknown>, unknown]>> = { [K in keyof S]: S[K][0] extends FieldSchema<infer T> ? T : never };

/**
 * Each field's value through its schema. Answers the parsed values, or every field's first
 * message keyed by field name (as the API names them in its refusal).
 */
export function checkFields<S extends Record<string, [FieldSchema<unknown>, unknown]>>(
  fields: S,
): { ok: true; values: Checked<S> } | { ok: false; fields: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const [name, [schema, value]] of Object.entries(fields)) {
    const parsed = schema.safeParse(value);
    if (parsed.success) values[name] = parsed.data;
    else Object.assign(problems, issueFields(parsed.error.issues, name));
  }
  return Object.keys(problems).length > 0 ? { ok: false, fields: problems } : { ok: true, values: values as Checked<S> };
}
