/**
 * The car photos a trade-in or sell-my-car shopper adds: checked in the browser by the rule the
 * server applies again (model/lead-files.ts), then sent to POST /api/leads/{id}/files for the lead
 * the flow has already started. A failed send never touches the lead: the flow keeps the shopper
 * on the step to try again or go on without photos.
 */
import { checkFileSamples, FILE_KIND_HEAD_BYTES } from '../model/lead-files';
import { isMockLeadId } from '../model/leads-mode';

export const PHOTOS_NOT_SENT = 'Your photos could not be sent. Press Continue to try again, or remove them to go on without photos.';

/** Anything with a name, a size and bytes to read: a File in the browser. */
export interface ChosenFile {
  name: string;
  size: number;
  slice: (start?: number, end?: number) => { arrayBuffer: () => Promise<ArrayBuffer> };
}

/** The first problem with the chosen files for `field`, in the shopper's words, or undefined when they can all be sent. */
export async function photosProblem(field: string, files: readonly ChosenFile[]): Promise<string | undefined> {
  const samples = await Promise.all(
    files.map(async (file) => ({ field, size: file.size, head: new Uint8Array(await file.slice(0, FILE_KIND_HEAD_BYTES).arrayBuffer()), name: file.name })),
  );
  const checked = checkFileSamples(samples);
  if (checked.ok) return undefined;
  const problem = checked.fields[field] ?? checked.error;
  // Name the file when one file is the trouble, so the shopper knows which to take out.
  const culprit = samples.find((sample) => !checkFileSamples([sample]).ok);
  return culprit && files.length > 1 ? `${culprit.name}: ${problem}` : problem;
}

export type SendFilesResult = { ok: true; sent: number } | { ok: false; error: string };

export interface SendFilesDeps {
  fetch?: typeof fetch;
  /** Long enough for 40 MB on a slow mobile connection; then the shopper is told and can retry. */
  timeoutMs?: number;
}

const TIMEOUT_MS = 120_000;

/**
 * Sends the files as multipart with the lead's id; the same `idempotencyKey` on a retry of the
 * same files, so a send whose answer was lost is not kept twice. A test build's mock lead is
 * kept nowhere, so its photos are checked but not sent.
 */
export async function sendLeadFiles(
  leadId: string,
  field: string,
  files: readonly Blob[],
  idempotencyKey: string,
  { fetch: doFetch = globalThis.fetch.bind(globalThis), timeoutMs = TIMEOUT_MS }: SendFilesDeps = {},
): Promise<SendFilesResult> {
  if (files.length === 0 || isMockLeadId(leadId)) return { ok: true, sent: 0 };
  const body = new FormData();
  for (const file of files) body.append(field, file);
  try {
    const response = await doFetch(`/api/leads/${encodeURIComponent(leadId)}/files`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
      body,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await response.json().catch(() => ({}))) as { files?: unknown; error?: unknown; fields?: Record<string, unknown> };
    if (response.ok) return { ok: true, sent: typeof json.files === 'number' ? json.files : files.length };
    // The server's own words for a file it refused (kind, size, count); else the general message.
    const said = json.fields?.[field];
    return { ok: false, error: typeof said === 'string' && response.status !== 429 ? said : PHOTOS_NOT_SENT };
  } catch {
    return { ok: false, error: PHOTOS_NOT_SENT };
  }
}
