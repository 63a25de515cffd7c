/**
 * What a page read while it rendered, beyond its route's props: whether it read the dealer's
 * whole stock, and which searches it asked the embedded engine with what answers. A publish
 * after a stock change re-renders a page only when one of these changed (src/publish/), so a
 * module that lets a page see stock some other way must note it here.
 *
 * Recorded per page with `recordPageInputs`; outside a recording (a tool, a test) the notes go
 * nowhere.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

export interface RecordedSearch {
  indexUid: string;
  /** The multi-search request body, as JSON. */
  request: string;
  /** sha256 of the answer's JSON. */
  answer: string;
}

export interface PageInputs {
  /** The page read the whole stock (a count, a feed, a list): any stock change re-renders it. */
  stock: boolean;
  searches: RecordedSearch[];
}

const recording = new AsyncLocalStorage<PageInputs>();

export const contentHash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Runs `render` and returns what it read. Recordings nest by async context, so pages can render side by side. */
export async function recordPageInputs<T>(render: () => Promise<T>): Promise<{ value: T; inputs: PageInputs }> {
  const inputs: PageInputs = { stock: false, searches: [] };
  const value = await recording.run(inputs, render);
  return { value, inputs };
}

export function noteStockRead(): void {
  const inputs = recording.getStore();
  if (inputs) inputs.stock = true;
}

export function noteSearch(indexUid: string, request: unknown, answer: unknown): void {
  const inputs = recording.getStore();
  if (inputs) inputs.searches.push({ indexUid, request: JSON.stringify(request), answer: contentHash(answer) });
}
