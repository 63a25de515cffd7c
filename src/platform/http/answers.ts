/**
 * How every /api route answers (the search routes excepted: they answer as Meilisearch does).
 * A refusal is one envelope, `{ error, fields? }`: `error` a sentence for the shopper, `fields`
 * what to fix keyed by the body path ('lead.phone', 'adjustmentAnswers.condition'). The browser
 * islands and the tests read exactly this shape. No answer is cached: each is about one request.
 */
import type { Context, ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type Fields = Record<string, string>;

export interface Problem {
  status: ContentfulStatusCode;
  body: { error: string; fields?: Fields };
}

/** Any answer a route sends: a problem, or a stored answer replayed as it was first given. */
export interface Answer {
  status: number;
  body: object;
}

export const problem = (status: ContentfulStatusCode, error: string, fields?: Fields): Problem => ({ status, body: fields ? { error, fields } : { error } });

/** The one way an answer leaves a route: as JSON, never cached. */
export function send(c: Context, answer: Answer): Response {
  c.header('Cache-Control', 'no-store');
  return c.json(answer.body, answer.status as ContentfulStatusCode);
}

/** The refusal sentence when a body's fields do not check out. */
export const CHECK_FIELDS = 'Please check the highlighted fields';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** zod's issues as `fields`: the first message for each body path, `_` for the body itself. */
export function fieldErrors(issues: readonly Issue[]): Fields {
  const fields: Fields = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export interface FaultOptions {
  /** Where the fault is reported, with the error as the second argument. */
  log: (line: string, error?: unknown) => void;
  /** The sentence the shopper gets. */
  answer?: string;
  /** What the log line says went wrong; by default the error itself, with its stack. */
  logAs?: string;
}

const errorText = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * The answer to a fault on our side (a bug, storage failing, a schema that throws): a logged
 * line naming the route, and a 500 in the envelope. Never a 4xx: the request may have been fine.
 */
export function answerFaults({ log, answer = 'Something went wrong on our side; please try again.', logAs }: FaultOptions): ErrorHandler {
  return (error, c) => {
    log(`${c.req.method} ${c.req.path}: ${logAs ?? errorText(error)}`, error);
    return send(c, problem(500, answer));
  };
}
