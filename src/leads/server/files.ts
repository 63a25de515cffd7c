/**
 * Files sent with a lead (POST /api/leads/with-files, POST /api/leads/:id/files): checked by the
 * rule the browser shares (src/leads/model/lead-files.ts: fields, kinds read from the first bytes,
 * sizes, counts) and stored under server-made names with no extension in LEADS_FILES_DIR/<dealer>/
 * (default .data/lead-files). They are served back only to the holder of a delivery's signed,
 * expiring link (file-links.ts, file-api.ts): the link alone is the dealer's key.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkFileSamples, type FileKind } from '../model/lead-files';

export { LEAD_FILE_RULES, MAX_FILE_BYTES, MAX_FILE_COUNT, MAX_TOTAL_FILE_BYTES, sniffFileKind, type FileKind, type FileRule } from '../model/lead-files';

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

/**
 * The rule of src/leads/model/lead-files.ts over whole files. `already` counts the files each
 * field of the lead holds from before (POST /api/leads/:id/files).
 */
export function checkLeadFiles(files: readonly IncomingFile[], already: Readonly<Record<string, number>> = {}): FileCheck {
  const result = checkFileSamples(
    files.map((file) => ({ field: file.field, size: file.bytes.length, head: file.bytes, bytes: file.bytes })),
    already,
  );
  if (!result.ok) return result;
  return { ok: true, files: result.files.map(({ field, kind, bytes }) => ({ field, kind, bytes })) };
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
