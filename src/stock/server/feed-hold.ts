/**
 * The hold: a feed that would take more than the dealer's set share of its listed cars off the
 * site is written aside (`<STOCK_DIR>/<slug>.held.json`) instead of applied, and the stock stays as
 * it was until someone confirms it (`npm run stock:import -- --dealer <slug> --confirm`). An export
 * cut short, a wrong file or a column shifted by one makes most rows bad or missing; applying it
 * would empty a dealer's site without anyone deciding to.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { vehicleSchema, type Vehicle } from '../model/vehicle';
import { stockDir } from './store';

export interface HoldInput {
  /** The cars of the stock file now (none when there is no file). */
  listedNow: readonly Vehicle[];
  /** No stock file, and the site shows demo stock: an empty feed would take all of it away. */
  demoListed: boolean;
  /** The good rows of the new feed. */
  next: readonly Vehicle[];
  rows: number;
  badRows: number;
  /** From the dealer file (`stock_feed.max_removed_share`), 0 to 1. */
  maxShare: number;
}

export interface HoldDecision {
  held: boolean;
  reason: string;
  /** Listed cars (every status but sold) the feed does not have. */
  removed: number;
  listed: number;
  /** The larger of removed / listed and bad rows / rows. */
  share: number;
}

const percent = (share: number): string => `${Math.round(share * 100)} %`;

/**
 * Whether a feed is held. It is when it has no good row while the site lists cars, or when the
 * share it takes off is over `maxShare`: the listed cars it no longer has (a car it marks sold is
 * not taken off: it stays for its sold window), or its bad rows, whichever share is larger, so a
 * feed whose rows are mostly bad is held even on a first import.
 */
export function holdDecision(input: HoldInput): HoldDecision {
  const listed = input.listedNow.filter((car) => car.status !== 'sold');
  const kept = new Set(input.next.map((car) => car.id));
  const removed = listed.filter((car) => !kept.has(car.id)).length;
  const removedShare = listed.length > 0 ? removed / listed.length : 0;
  const badShare = input.rows > 0 ? input.badRows / input.rows : 0;
  const share = Math.max(removedShare, badShare);
  const allowed = `the dealer file allows ${percent(input.maxShare)} (stock_feed.max_removed_share)`;
  let reason = '';
  if (input.next.length === 0 && (listed.length > 0 || input.demoListed)) {
    reason = input.rows === 0 ? 'the feed has no cars: it would empty the site' : `none of its ${input.rows} rows is good: it would empty the site`;
  } else if (share > input.maxShare) {
    reason =
      removedShare >= badShare
        ? `it would take ${removed} of the ${listed.length} cars listed now off the site (${percent(removedShare)}; ${allowed})`
        : `${input.badRows} of its ${input.rows} rows are bad and would be left out (${percent(badShare)}; ${allowed})`;
  }
  return { held: reason !== '', reason, removed, listed: listed.length, share };
}

const heldSchema = z.strictObject({
  dealer: z.string(),
  held_at: z.string(),
  source: z.string(),
  reason: z.string(),
  /** `imported_at` of the stock file the feed was checked against; null when there was none. */
  based_on: z.string().nullable(),
  rows: z.number().int().min(0),
  bad_rows: z.number().int().min(0),
  problems: z.array(z.string()),
  vehicles: z.array(vehicleSchema),
});
export type HeldFeed = z.output<typeof heldSchema>;

export function heldFile(slug: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(stockDir(env), `${slug}.held.json`);
}

/** JSON through a temporary file in the same folder and a rename: readers see the old file or the new, never half. */
export function writeJsonFile(file: string, contents: unknown, now = new Date()): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${now.getTime()}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(contents)}\n`);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function writeHeldFile(held: HeldFeed, env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const file = heldFile(held.dealer, env);
  writeJsonFile(file, held, now);
  return file;
}

export class NoHeldFeedError extends Error {}

/** The held feed, checked again; throws NoHeldFeedError when there is none or it is not readable. */
export function readHeldFile(slug: string, env: NodeJS.ProcessEnv = process.env): HeldFeed {
  const file = heldFile(slug, env);
  if (!existsSync(file)) throw new NoHeldFeedError(`no feed is held for ${slug}: there is nothing to confirm`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new NoHeldFeedError(`${file} is not readable JSON (${(error as Error).message}); import the feed again`);
  }
  const parsed = heldSchema.safeParse(raw);
  if (!parsed.success || parsed.data.dealer !== slug) throw new NoHeldFeedError(`${file} is not a held feed for ${slug}; import the feed again`);
  return parsed.data;
}
