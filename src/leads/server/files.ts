/**
 * Files sent with a lead (POST /api/leads/with-files): which fields take files, of what kinds and
 * sizes, and where they are kept. The kind is read from the file's first bytes, never from the
 * declared type or the name, and files are stored under server-made names with no extension in
 * LEADS_FILES_DIR/<dealer>/ (default .data/lead-files). No route ever serves them back.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

export const MAX_TOTAL_FILE_BYTES = 40 * MB;

/** The most files, and the largest single file, any field takes: the form reader's hard limits. */
export const MAX_FILE_COUNT = Object.values(LEAD_FILE_RULES).reduce((sum, rule) => sum + rule.maxCount, 0);
export const MAX_FILE_BYTES = Math.max(...Object.values(LEAD_FILE_RULES).map((rule) => rule.maxBytes));

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

export interface IncomingFile {
  field: string;
  bytes: Uint8Array;
}

export interface CheckedFile {
  field: string;
  kind: FileKind;
  bytes: Uint8Array;
}

export type FileCheck = { ok: true; files: CheckedFile[] } | { ok: false; status: 400 | 413; error: string; fields: Record<string, string> };

const megabytes = (bytes: number): string => `${Math.round(bytes / MB)} MB`;

/** Applies the per-field kinds, sizes and counts and the total; names the first problem per field. */
export function checkLeadFiles(files: readonly IncomingFile[]): FileCheck {
  const fields: Record<string, string> = {};
  const checked: CheckedFile[] = [];
  const counts = new Map<string, number>();
  let total = 0;
  let tooLarge = false;
  for (const file of files) {
    total += file.bytes.length;
    const rule = Object.hasOwn(LEAD_FILE_RULES, file.field) ? LEAD_FILE_RULES[file.field] : undefined;
    if (!rule) {
      fields[file.field] ??= 'Files are not accepted in this field.';
      continue;
    }
    const count = (counts.get(file.field) ?? 0) + 1;
    counts.set(file.field, count);
    if (count > rule.maxCount) {
      fields[file.field] ??= `At most ${rule.maxCount} file${rule.maxCount === 1 ? '' : 's'}.`;
      continue;
    }
    if (file.bytes.length === 0) {
      fields[file.field] ??= 'The file is empty.';
      continue;
    }
    if (file.bytes.length > rule.maxBytes) {
      tooLarge = true;
      fields[file.field] ??= `Each file must be at most ${megabytes(rule.maxBytes)}.`;
      continue;
    }
    const kind = sniffFileKind(file.bytes);
    if (!kind || !rule.kinds.includes(kind)) {
      fields[file.field] ??= `Must be a ${rule.kinds.map((k) => KIND_NAMES[k]).join(', ')} file.`;
      continue;
    }
    checked.push({ field: file.field, kind, bytes: file.bytes });
  }
  if (total > MAX_TOTAL_FILE_BYTES) return { ok: false, status: 413, error: `Files may total at most ${megabytes(MAX_TOTAL_FILE_BYTES)}.`, fields };
  if (Object.keys(fields).length > 0) return { ok: false, status: tooLarge ? 413 : 400, error: 'Some files cannot be accepted.', fields };
  return { ok: true, files: checked };
}

/** LEADS_FILES_DIR (default .data/lead-files), resolved from the project root. */
export function leadFilesDir(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): string {
  return path.resolve(root, env.LEADS_FILES_DIR?.trim() || '.data/lead-files');
}

export interface StoredFile {
  id: string;
  field: string;
  stored_name: string;
  content_type: FileKind;
  size: number;
  /** Absolute path, for removing it again if the lead is not stored. */
  file: string;
}

/**
 * Writes the files under `<dir>/<dealer>/<uuid>` (written to a temporary name first, so a
 * half-written file never carries a real name). `dealer` is a served dealer's slug, never input.
 */
export async function writeLeadFiles(dir: string, dealer: string, files: readonly CheckedFile[]): Promise<StoredFile[]> {
  const folder = path.join(dir, dealer);
  // Customers' documents: the server's own user only, as the files themselves (0600).
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const name = randomUUID();
      const target = path.join(folder, name);
      const temp = path.join(folder, `.${name}.partial`);
      await writeFile(temp, file.bytes, { flag: 'wx', mode: 0o600 });
      await rename(temp, target);
      stored.push({ id: randomUUID(), field: file.field, stored_name: name, content_type: file.kind, size: file.bytes.length, file: target });
    }
  } catch (error) {
    await removeLeadFiles(stored);
    throw error;
  }
  return stored;
}

/** Removes files whose lead was not stored (a failed or replayed request). */
export async function removeLeadFiles(files: readonly Pick<StoredFile, 'file'>[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.file, { force: true })));
}
