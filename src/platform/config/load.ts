/**
 * Reads and validates dealer files. Every entry point (build, check:dealers, server) goes
 * through here, so an invalid file is reported the same way everywhere: the file name, then
 * one line per bad field with its path and reason.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { duplicateKeys } from '../formats/json-duplicate-keys';
import type { z } from 'zod';
import { dealerConfigSchema, type DealerConfig } from './schema';

export class DealerConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} is not a valid dealer file:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'DealerConfigError';
  }
}

/** `locations[1].address.postcode` from `['locations', 1, 'address', 'postcode']`. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out ? `.${String(s)}` : String(s);
  }
  return out || '(root)';
}

function describeIssue(issue: z.core.$ZodIssue): string[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${formatPath([...issue.path, key])}: unknown field "${key}"`);
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // A union failing every branch: report the branch that got furthest rather than "Invalid input".
    const deepest = issue.errors.flat().sort((a, b) => b.path.length - a.path.length)[0];
    if (deepest && deepest.path.length > 0) return describeIssue({ ...deepest, path: [...issue.path, ...deepest.path] });
  }
  return [`${formatPath(issue.path)}: ${issue.message}`];
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap(describeIssue);
}

/** Validates one parsed dealer file; `file` names it in errors and its base name must be the slug. */
export function parseDealer(raw: unknown, file: string): DealerConfig {
  const result = dealerConfigSchema.safeParse(raw);
  if (!result.success) throw new DealerConfigError(file, formatIssues(result.error.issues));
  const expectedSlug = path.basename(file, '.json');
  if (result.data.slug !== expectedSlug) {
    throw new DealerConfigError(file, [`slug: "${result.data.slug}" must match the file name "${expectedSlug}.json"`]);
  }
  return result.data;
}

export function readDealerFile(file: string): DealerConfig {
  let raw: unknown;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
    raw = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DealerConfigError(file, [`(file): cannot be read as JSON: ${reason}`]);
  }
  const twice = duplicateKeys(text);
  if (twice.length > 0)
    throw new DealerConfigError(
      file,
      twice.map((key) => `${key}: is written more than once; keep one (JSON would keep only the last)`),
    );
  return parseDealer(raw, file);
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
