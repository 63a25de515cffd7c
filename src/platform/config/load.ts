/**
 * Reads and validates dealer files. Every entry point (build, check:dealers, server) goes
 * through here, so an invalid file is reported the same way everywhere: the file name, then
 * one line per bad field with its path and reason.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseTree, type Node } from 'jsonc-parser';
import type { z } from 'zod';
import { checkDealerText, describeIssues } from './dealer-check';
import { formatPath, formatProblem, type DealerProblem } from './problems';
import { dealerConfigSchema, type DealerConfig } from './schema';

export class DealerConfigError extends Error {
  /** Each problem with its line, column, path and fix (see problems.ts); `problems` is their one-line form. */
  readonly located: readonly DealerProblem[];
  readonly problems: string[];

  constructor(
    readonly file: string,
    problems: readonly (string | DealerProblem)[],
  ) {
    const located = problems.filter((p): p is DealerProblem => typeof p !== 'string');
    const lines = problems.map((p) => (typeof p === 'string' ? p : formatProblem(p)));
    super(`${file} is not a valid dealer file:\n${lines.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'DealerConfigError';
    this.located = located;
    this.problems = lines;
  }
}

export { formatPath };

/** A zod issue as `path: reason`, the plain form for data that has no file text (stock feed rows). */
function describePlainIssue(issue: z.core.$ZodIssue): string[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${formatPath([...issue.path, key])}: unknown field "${key}"`);
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // A union failing every branch: report the branch that got furthest rather than "Invalid input".
    const deepest = issue.errors.flat().sort((a, b) => b.path.length - a.path.length)[0];
    if (deepest && deepest.path.length > 0) return describePlainIssue({ ...deepest, path: [...issue.path, ...deepest.path] });
  }
  return [`${formatPath(issue.path)}: ${issue.message}`];
}

/**
 * Schema issues one a line. With the data's JSON tree (a dealer file's), in the editor's words
 * with the value found and how to fix it (dealer-check.ts); without, as `path: reason`.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], tree?: Node): string[] {
  if (!tree) return issues.flatMap(describePlainIssue);
  return describeIssues(issues, tree).map((issue) => `${formatPath(issue.path)}: ${issue.message}${issue.fix ? `; ${issue.fix}` : ''}`);
}

/** Validates one parsed dealer file; `file` names it in errors and its base name must be the slug. */
export function parseDealer(raw: unknown, file: string): DealerConfig {
  const result = dealerConfigSchema.safeParse(raw);
  // The values the messages quote are read from the data as JSON would write it.
  if (!result.success) throw new DealerConfigError(file, formatIssues(result.error.issues, parseTree(JSON.stringify(raw) ?? 'null')));
  const expectedSlug = path.basename(file, '.json');
  if (result.data.slug !== expectedSlug) {
    throw new DealerConfigError(file, [
      `slug: "${result.data.slug}" does not match the file name "${expectedSlug}.json"; set "slug": "${expectedSlug}", or rename the file`,
    ]);
  }
  return result.data;
}

/**
 * Reads and checks one dealer file (dealer-check.ts: syntax, keys written twice, schema, slug);
 * throws DealerConfigError naming each problem's line, column and field.
 */
export function readDealerFile(file: string): DealerConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DealerConfigError(file, [`(root): cannot be read: ${reason}`]);
  }
  const checked = checkDealerText(text, file);
  if (!checked.dealer) throw new DealerConfigError(file, checked.problems);
  return checked.dealer;
}

export const defaultDealersDir = (): string => process.env.DEALERS_DIR ?? path.resolve('dealers');

/** Dealer slugs in a folder: every `*.json` except the generated schema. */
export function listDealerSlugs(dir = defaultDealersDir()): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'schema.json')
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

export function dealerFile(slug: string, dir = defaultDealersDir()): string {
  return path.join(dir, `${slug}.json`);
}

export function loadDealer(slug: string, dir = defaultDealersDir()): DealerConfig {
  return readDealerFile(dealerFile(slug, dir));
}
