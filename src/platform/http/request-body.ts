/**
 * Reading a request body, the same way on every /api route: its media type checked (415), its
 * size limited before it is read (413, from Content-Length or as soon as a streamed body passes
 * the limit), JSON parsed (400, also when it nests deeper than MAX_JSON_DEPTH), and then checked
 * by the route's zod schema (400 with `fields`). Each refusal is answered in the one envelope of
 * answers.ts.
 *
 * A schema that throws (a bug in a refinement or a transform) is not a refusal: the error goes on
 * to the router's fault handler, which logs it and answers 500.
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { CHECK_FIELDS, fieldErrors, problem, send } from './answers';

export const JSON_TYPE = 'application/json';

/** The limit for routes that take a few fields (a plate, a car, extra values): 16 KB. */
export const SMALL_BODY_BYTES = 16 * 1024;

/** The request's media type, lower case and without parameters ('' when there is none). */
export const mediaType = (c: Context): string => (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

const unsupported = (types: readonly string[]) => problem(415, `Send the request as ${types.join(' or ')}.`);

/** Refuses (415) a body of any other media type than `types`. */
export function accepts(...types: string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!types.includes(mediaType(c))) return send(c, unsupported(types));
    await next();
  };
}

/** The refusal of a body over `maxBytes`. */
export const tooLarge = (maxBytes: number) => problem(413, `The request is larger than ${Math.round(maxBytes / 1024)} KB.`);

/** Refuses (413) a body over `maxBytes`, before a route reads it. */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({ maxSize: maxBytes, onError: (c) => send(c, tooLarge(maxBytes)) });
}

export type JsonRead = { ok: true; body: unknown } | { ok: false; empty: boolean; reason: string };

/**
 * How deep arrays and objects may nest in a request body. No form or search nests past a handful
 * of levels; a body of thousands (`[[[[…]]]]`, 30,000 deep fits in 64 KB) would overflow the stack
 * of whatever walks it next (a schema, an error message quoting it) and turn a bad request into a
 * 500. serde_json's default limit (127 levels parse, the 128th does not), so a real Meilisearch
 * refuses the same bodies.
 */
export const MAX_JSON_DEPTH = 127;

/** Where `text` first nests deeper than `max`, as "line L column C"; undefined when it does not. */
export function tooDeep(text: string, max = MAX_JSON_DEPTH): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) {
        const before = text.slice(0, i + 1);
        const line = before.split('\n').length;
        return `line ${line} column ${i + 1 - (before.lastIndexOf('\n') + 1)}`;
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return undefined;
}

/** JSON text parsed, or why it is not JSON: empty, nested past MAX_JSON_DEPTH, or the parser's complaint. */
export function parseJson(text: string): JsonRead {
  if (text.trim() === '') return { ok: false, empty: true, reason: 'The body is empty.' };
  const deep = tooDeep(text);
  if (deep) return { ok: false, empty: false, reason: `recursion limit exceeded at ${deep}` };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, empty: false, reason: error instanceof Error ? error.message : 'invalid JSON' };
  }
}

/** The body parsed as JSON (see `parseJson`). */
export async function readJson(c: Context): Promise<JsonRead> {
  return parseJson(await c.req.text());
}

/**
 * A JSON body of at most `maxBytes`: 415 for another media type, 413 when larger, 400 when it
 * does not parse. Later handlers read it again with `c.req.json()` (Hono keeps the text).
 */
export function jsonBody(maxBytes: number): MiddlewareHandler {
  const limit = limitBody(maxBytes);
  return async (c, next) => {
    if (mediaType(c) !== JSON_TYPE) return send(c, unsupported([JSON_TYPE]));
    // The limit answers 413 itself, or passes on (having read the body) to what is given as next.
    let withinLimit = false;
    const refusal = await limit(c, () => {
      withinLimit = true;
      return Promise.resolve();
    });
    if (!withinLimit) return refusal;
    const read = await readJson(c);
    if (!read.ok) return send(c, problem(400, 'The request body is not valid JSON.'));
    await next();
  };
}

/**
 * Checks the JSON body (read by `jsonBody` first) with `schema`: the route then takes the checked
 * value from `c.req.valid('json')`. A body that does not check out is 400 `{ error, fields }`.
 */
export function validJson<Schema extends z.ZodType>(schema: Schema, error: string = CHECK_FIELDS) {
  return zValidator('json', schema, (result, c) => {
    if (!result.success) return send(c, problem(400, error, fieldErrors(result.error.issues)));
    return undefined;
  });
}
