/**
 * Which lead fields take files, of what kinds and sizes: one rule the browser checks before it
 * sends (the car photos on the trade-in and sell-my-car flows) and the server checks again when
 * the files arrive (src/leads/server/files.ts). The kind is read from a file's first bytes, never
 * from its declared type or its name. No Node imports: islands load this module.
 */
export type FileKind = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

const MB = 1024 * 1024;

export interface FileRule {
  kinds: readonly FileKind[];
  maxBytes: number;
  maxCount: number;
}

/** Fields that take files; any other file part is refused. */
export const LEAD_FILE_RULES: Readonly<Record<string, FileRule>> = {
  // Front and back of the card.
  drivers_licence: { kinds: ['image/jpeg', 'image/png', 'application/pdf'], maxBytes: 10 * MB, maxCount: 2 },
  payslips: { kinds: ['application/pdf', 'image/jpeg', 'image/png'], maxBytes: 10 * MB, maxCount: 3 },
  vehicle_photos: { kinds: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 8 * MB, maxCount: 10 },
};

/** Each file field as the dealer reads it in a delivered lead. */
export const FILE_FIELD_NAMES: Readonly<Record<string, string>> = {
  drivers_licence: "Driver's licence",
  payslips: 'Payslips',
  vehicle_photos: 'Photos of the car',
};

/** The field the trade-in and sell-my-car flows send the shopper's car photos in. */
export const CAR_PHOTOS_FIELD = 'vehicle_photos';

export const MAX_TOTAL_FILE_BYTES = 40 * MB;

/** The most files, and the largest single file, any field takes: the form reader's hard limits. */
export const MAX_FILE_COUNT = Object.values(LEAD_FILE_RULES).reduce((sum, rule) => sum + rule.maxCount, 0);
export const MAX_FILE_BYTES = Math.max(...Object.values(LEAD_FILE_RULES).map((rule) => rule.maxBytes));

/** How many first bytes `sniffFileKind` needs (WebP names itself at bytes 8 to 11). */
export const FILE_KIND_HEAD_BYTES = 12;

const KIND_NAMES: Record<FileKind, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'application/pdf': 'PDF' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string): number[] => Array.from(text, (ch) => ch.charCodeAt(0));

/** The file's kind from its magic bytes, or undefined when it is none of the kinds leads take. */
export function sniffFileKind(bytes: Uint8Array): FileKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}

/** What the check needs of a file: its field, its size and at least its first FILE_KIND_HEAD_BYTES bytes. */
export interface FileSample {
  field: string;
  size: number;
  head: Uint8Array;
}

export type FileCheck<T> = { ok: true; files: (T & { kind: FileKind })[] } | { ok: false; status: 400 | 413; error: string; fields: Record<string, string> };

const megabytes = (bytes: number): string => `${Math.round(bytes / MB)} MB`;

/** A kind as people name it: "JPEG". */
export const kindName = (kind: string): string => (Object.hasOwn(KIND_NAMES, kind) ? KIND_NAMES[kind as FileKind] : kind);

/** The kinds a field takes, in words: "JPEG, PNG, WebP". */
const kindWords = (rule: FileRule): string => rule.kinds.map((k) => KIND_NAMES[k]).join(', ');

/**
 * Applies the per-field kinds, sizes and counts and the total; names the first problem per field.
 * `already` counts files a field holds from before (an earlier upload to the same lead), so the
 * counts hold across uploads too.
 */
export function checkFileSamples<T extends FileSample>(files: readonly T[], already: Readonly<Record<string, number>> = {}): FileCheck<T> {
  const fields: Record<string, string> = {};
  const checked: (T & { kind: FileKind })[] = [];
  const counts = new Map<string, number>();
  let total = 0;
  let tooLarge = false;
  for (const file of files) {
    total += file.size;
    const rule = Object.hasOwn(LEAD_FILE_RULES, file.field) ? LEAD_FILE_RULES[file.field] : undefined;
    if (!rule) {
      fields[file.field] ??= 'Files are not accepted in this field.';
      continue;
    }
    const count = (counts.get(file.field) ?? (Object.hasOwn(already, file.field) ? (already[file.field] ?? 0) : 0)) + 1;
    counts.set(file.field, count);
    if (count > rule.maxCount) {
      fields[file.field] ??= `At most ${rule.maxCount} file${rule.maxCount === 1 ? '' : 's'}.`;
      continue;
    }
    if (file.size === 0) {
      fields[file.field] ??= 'The file is empty.';
      continue;
    }
    if (file.size > rule.maxBytes) {
      tooLarge = true;
      fields[file.field] ??= `Each file must be at most ${megabytes(rule.maxBytes)}.`;
      continue;
    }
    const kind = sniffFileKind(file.head);
    if (!kind || !rule.kinds.includes(kind)) {
      fields[file.field] ??= `Must be a ${kindWords(rule)} file.`;
      continue;
    }
    checked.push({ ...file, kind });
  }
  if (total > MAX_TOTAL_FILE_BYTES) return { ok: false, status: 413, error: `Files may total at most ${megabytes(MAX_TOTAL_FILE_BYTES)}.`, fields };
  if (Object.keys(fields).length > 0) return { ok: false, status: tooLarge ? 413 : 400, error: 'Some files cannot be accepted.', fields };
  return { ok: true, files: checked };
}

/** A field's limits as the shopper reads them beside the input. */
export function fileLimitsInWords(field: string): string {
  const rule = LEAD_FILE_RULES[field];
  if (!rule) return '';
  const kinds = rule.kinds.map((k) => KIND_NAMES[k]);
  const either = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} or ${kinds[kinds.length - 1] ?? ''}` : (kinds[0] ?? '');
  return `Up to ${rule.maxCount} ${either} file${rule.maxCount === 1 ? '' : 's'}, at most ${megabytes(rule.maxBytes)} each and ${megabytes(MAX_TOTAL_FILE_BYTES)} together.`;
}

/** The input's `accept` attribute for a field: the kinds it takes. */
export const acceptOf = (field: string): string => (LEAD_FILE_RULES[field]?.kinds ?? []).join(',');
