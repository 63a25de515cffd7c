/**
 * POST /api/carClarityCustomer sends a finance lead as form fields (urlencoded or multipart),
 * where every value is text. This turns them into the JSON lead the shared schemas read:
 * checkboxes become booleans, the context numbers become numbers, repeated names become lists
 * and the structured context fields may arrive as JSON text. Everything else stays text: the
 * schemas read numbers and yes/no answers from text themselves.
 */
import type { FormField, FormFile } from '../../platform/http/form-body';
import { isPrototypeKey } from '../../platform/formats/records';

/** Checkboxes: a browser sends "on" for a ticked box. */
const BOOLEAN_FIELDS = new Set(['opt_in', 'terms_conditions', 'form_completed']);
/** Context numbers the schemas take only as numbers. */
const NUMBER_FIELDS = new Set(['form_started_at', 'step_number', 'event_id']);
/** Context fields that are lists or objects. */
const LIST_FIELDS = new Set(['visited_pages', 'additional_services']);
const JSON_FIELDS = new Set(['linked_query_params', 'skipped_steps']);

const TRUE = new Set(['true', 'on', '1', 'yes']);
const FALSE = new Set(['false', 'off', '0', 'no', '']);

export type FormFieldsResult = { ok: true; lead: Record<string, unknown> } | { ok: false; error: string; fields: Record<string, string> };

function convert(name: string, values: string[]): unknown {
  if (LIST_FIELDS.has(name)) return values;
  const value = values.length === 1 ? (values[0] ?? '') : values;
  if (Array.isArray(value)) return value;
  if (BOOLEAN_FIELDS.has(name)) {
    const word = value.trim().toLowerCase();
    if (TRUE.has(word)) return true;
    if (FALSE.has(word)) return false;
    return value;
  }
  if (NUMBER_FIELDS.has(name) && /^\s*\d{1,16}\s*$/.test(value)) return Number(value);
  if (JSON_FIELDS.has(name) && /^\s*[[{]/.test(value)) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** The form's fields and files (read by platform/http/form-body.ts) as the JSON lead. */
export function leadFromFormFields(formFields: readonly FormField[], files: readonly Pick<FormFile, 'name'>[] = []): FormFieldsResult {
  const grouped = new Map<string, string[]>();
  const fields: Record<string, string> = {};
  for (const file of files) fields[`lead.${file.name}`] ??= 'Files are not accepted here; use /api/leads/with-files.';
  if (Object.keys(fields).length > 0) return { ok: false, error: 'Files are not accepted here.', fields };
  for (const { name: rawName, value } of formFields) {
    // `visited_pages[]` is how PHP-style forms send lists; `lead[phone]` how nested ones send a field.
    const name = rawName.replace(/\[\]$/, '').replace(/^lead\[([^\]]+)\]$/, '$1');
    // The reader refused these as sent; `lead[__proto__]` only becomes one here.
    if (isPrototypeKey(name))
      return { ok: false, error: `The field name "${rawName}" is not allowed.`, fields: { [`lead.${name}`]: 'This field name is not allowed.' } };
    const list = grouped.get(name) ?? [];
    list.push(value);
    grouped.set(name, list);
  }
  return { ok: true, lead: Object.fromEntries([...grouped].map(([name, values]) => [name, convert(name, values)])) };
}
