/**
 * Reading form data (multipart or urlencoded) as a stream with hard limits, for the routes that
 * take forms. The web platform's `Request.formData()` reads the whole body into parts before
 * anyone can count them: 100,000 one-byte parts held the process for 14 s. Here busboy parses the
 * body as it arrives, every limit is checked as it is passed, and the first one passed stops the
 * reading and cancels the rest of the body, so a hostile form costs at most its limits.
 *
 * Names that are an object's own machinery (`__proto__`, `constructor`, `prototype`) are refused
 * by name rather than dropped: assigned to an ordinary object they silently vanish, which is how
 * such a part once slipped past the checks that should have named it.
 *
 * The body's size is limited here too, from Content-Length before reading and by counting while
 * reading: hono's bodyLimit would first read a body sent without a length whole into memory.
 * An error from the body stream itself (a client that went away) is rethrown, a fault to log.
 */
import busboy from 'busboy';
import { isPrototypeKey } from '../formats/records';
import { problem, type Problem } from './answers';
import { tooLarge } from './request-body';

export interface FormLimits {
  /** Largest body, in bytes. */
  bodyBytes: number;
  /** Most parts (fields and files together). */
  parts: number;
  /** Most text fields. */
  fields: number;
  /** Most files. */
  files: number;
  /** Largest text field, in bytes. */
  fieldBytes: number;
  /** Largest single file, in bytes. */
  fileBytes: number;
  /** Largest total of all files, in bytes. */
  totalFileBytes: number;
}

export interface FormField {
  name: string;
  value: string;
}

export interface FormFile {
  name: string;
  /** The file name the browser sent ('' for an empty file input). */
  filename: string;
  bytes: Uint8Array;
}

export type FormRead = { ok: true; fields: FormField[]; files: FormFile[] } | { ok: false; problem: Problem };

/** Longest field name taken; longer ones are refused, never cut to fit. */
export const MAX_FIELD_NAME = 100;

const MB = 1024 * 1024;
const size = (bytes: number): string => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`);
const named = (name: string, message: string): Record<string, string> => Object.fromEntries([[name, message]]);

export const UNREADABLE_FORM = 'The form data could not be read.';

/** Why a part's name is not taken, if it is not. */
function badName(name: string | undefined, truncated: boolean): Problem | undefined {
  if (name === undefined || name === '') return problem(400, 'Every part of the form needs a name.');
  // busboy cuts over-long names only in urlencoded forms; multipart ones are measured here.
  if (truncated || name.length > MAX_FIELD_NAME) return problem(400, `A field name is longer than ${MAX_FIELD_NAME} characters.`);
  // fromEntries: the name stays a plain key of the answer, even this one.
  if (isPrototypeKey(name)) return problem(400, `The field name "${name}" is not allowed.`, named(name, 'This field name is not allowed.'));
  return undefined;
}

/**
 * The request's form, or the first limit it passes (413) or why it cannot be read (400), in the
 * one error envelope. Files are kept in memory: the limits say how much that can be.
 */
export async function readForm(request: Request, limits: FormLimits): Promise<FormRead> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > limits.bodyBytes) return { ok: false, problem: tooLarge(limits.bodyBytes) };
  const fields: FormField[] = [];
  const files: FormFile[] = [];
  let refusal: Problem | undefined;
  const refuse = (reason: Problem): void => {
    refusal ??= reason;
  };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      defParamCharset: 'utf8',
      limits: {
        // busboy signals the parts limit on reaching it, the others on passing them.
        parts: limits.parts + 1,
        fields: limits.fields,
        files: limits.files,
        fieldSize: limits.fieldBytes,
        fileSize: limits.fileBytes,
        fieldNameSize: MAX_FIELD_NAME + 1,
        headerPairs: 20,
      },
    });
  } catch {
    // No boundary, or a media type busboy does not read.
    return { ok: false, problem: problem(400, UNREADABLE_FORM) };
  }

  let fileTotal = 0;
  parser.on('field', (name, value, info) => {
    if (refusal) return;
    const bad = badName(name, info.nameTruncated);
    if (bad) return refuse(bad);
    if (info.valueTruncated)
      return refuse(problem(413, `The field "${name}" is larger than ${size(limits.fieldBytes)}.`, named(name, `At most ${size(limits.fieldBytes)}.`)));
    fields.push({ name, value });
  });
  parser.on('file', (name, stream, info) => {
    const bad = refusal ? undefined : badName(name, false);
    if (refusal || bad) {
      if (bad) refuse(bad);
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      fileTotal += chunk.length;
      if (fileTotal > limits.totalFileBytes) refuse(problem(413, `Files may total at most ${size(limits.totalFileBytes)}.`));
      if (!refusal) chunks.push(chunk);
    });
    stream.on('limit', () =>
      refuse(problem(413, `Each file must be at most ${size(limits.fileBytes)}.`, named(name, `Each file must be at most ${size(limits.fileBytes)}.`))),
    );
    stream.on('end', () => {
      if (!refusal) files.push({ name, filename: info.filename ?? '', bytes: Buffer.concat(chunks) });
    });
  });
  parser.on('partsLimit', () => refuse(problem(413, `The form has too many parts: at most ${limits.parts}.`)));
  parser.on('fieldsLimit', () => refuse(problem(413, `The form has too many fields: at most ${limits.fields}.`)));
  parser.on('filesLimit', () => refuse(problem(413, `Too many files: at most ${limits.files}.`)));

  const done = new Promise<void>((resolve) => {
    parser.on('error', () => {
      refuse(problem(400, UNREADABLE_FORM));
      resolve();
    });
    parser.on('close', resolve);
  });

  const reader = request.body?.getReader();
  let bodyBytes = 0;
  try {
    while (reader && !refusal) {
      const chunk = await reader.read();
      if (chunk.done) break;
      bodyBytes += chunk.value.length;
      if (bodyBytes > limits.bodyBytes) {
        refuse(tooLarge(limits.bodyBytes));
        break;
      }
      // busboy parses synchronously inside write(), so a limit passed in this chunk is known now.
      if (!parser.write(chunk.value) && !refusal) await new Promise<void>((resolve) => parser.once('drain', resolve).once('close', resolve));
    }
  } catch (error) {
    parser.destroy();
    throw error;
  }
  if (refusal) {
    // Stop reading: whatever else the client sends is not looked at.
    parser.destroy();
    await reader?.cancel().catch(() => undefined);
    return { ok: false, problem: refusal };
  }
  parser.end();
  await done;
  return refusal ? { ok: false, problem: refusal } : { ok: true, fields, files };
}
