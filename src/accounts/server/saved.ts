/**
 * The account's saved cars and saved searches. Saved cars are kept in the order the shopper's
 * list has them (newest first): each write gives the list's entries falling `added_at` times, one
 * millisecond apart, so reading them newest first is reading the list. A car that stays on the
 * list keeps its interest lead.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import { accountSavedCars, savedSearches } from '../../platform/db/schema';
import { MAX_SAVED_CARS, type SavedCar } from '../../saved-cars/model/saved-list';
import { MAX_SAVED_SEARCHES, type SavedSearch } from '../model/api';
import type { Db } from './sessions';

export async function savedCars(db: Db, accountId: string): Promise<SavedCar[]> {
  const rows = await db
    .select({ entry: accountSavedCars.entry })
    .from(accountSavedCars)
    .where(eq(accountSavedCars.account_id, accountId))
    .orderBy(desc(accountSavedCars.added_at), asc(accountSavedCars.car_id))
    .limit(MAX_SAVED_CARS);
  return rows.map((row) => row.entry as unknown as SavedCar);
}

/** Makes the account's list `cars` (already checked, without repeats, at most MAX_SAVED_CARS). */
export async function replaceSavedCars(db: Db, accountId: string, cars: readonly SavedCar[], now: Date): Promise<void> {
  const ids = cars.map((car) => car.id);
  await db
    .delete(accountSavedCars)
    .where(
      ids.length > 0 ? and(eq(accountSavedCars.account_id, accountId), notInArray(accountSavedCars.car_id, ids)) : eq(accountSavedCars.account_id, accountId),
    );
  if (cars.length === 0) return;
  await db
    .insert(accountSavedCars)
    .values(
      cars.map((car, i) => ({
        account_id: accountId,
        car_id: car.id,
        entry: car as unknown as Record<string, unknown>,
        added_at: new Date(now.getTime() - i),
      })),
    )
    .onConflictDoUpdate({
      target: [accountSavedCars.account_id, accountSavedCars.car_id],
      set: { entry: sql`excluded.entry`, added_at: sql`excluded.added_at` },
    });
}

/** The account's list, then the device's cars it lacks, in each list's order, cut at MAX_SAVED_CARS. */
export function mergeLists(account: readonly SavedCar[], device: readonly SavedCar[]): SavedCar[] {
  const seen = new Set(account.map((car) => car.id));
  const merged = [...account];
  for (const car of device) {
    if (seen.has(car.id)) continue;
    seen.add(car.id);
    merged.push(car);
  }
  return merged.slice(0, MAX_SAVED_CARS);
}

/** The saved car's row, for the interest route. */
export async function savedCarRow(db: Db, accountId: string, carId: string) {
  const [row] = await db
    .select()
    .from(accountSavedCars)
    .where(and(eq(accountSavedCars.account_id, accountId), eq(accountSavedCars.car_id, carId)))
    .limit(1);
  return row;
}

type SearchRow = typeof savedSearches.$inferSelect;

export const searchOf = (row: SearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  path: row.path,
  alerts: row.alerts,
  created_at: row.created_at.toISOString(),
});

export async function listSearches(db: Db, accountId: string): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.account_id, accountId))
    .orderBy(desc(savedSearches.created_at), asc(savedSearches.id));
  return rows.map(searchOf);
}

/** Saves a search unless the account already has MAX_SAVED_SEARCHES; undefined when it has. */
export async function addSearch(
  db: Db,
  accountId: string,
  search: { name: string; path: string; alerts: boolean },
  now: Date,
): Promise<SavedSearch | undefined> {
  const id = randomUUID();
  // The count and the insert in one statement, so two saves at once cannot pass the limit together.
  const inserted = (await db.execute<{ id: string }>(sql`
    INSERT INTO ${savedSearches} (id, account_id, name, path, alerts, created_at)
    SELECT ${id}, ${accountId}, ${search.name}, ${search.path}, ${search.alerts}, ${now.toISOString()}::timestamptz
    WHERE (SELECT count(*) FROM ${savedSearches} WHERE account_id = ${accountId}) < ${MAX_SAVED_SEARCHES}
    RETURNING id`)) as { rows: { id: string }[] };
  if (inserted.rows.length === 0) return undefined;
  return { id, name: search.name, path: search.path, alerts: search.alerts, created_at: now.toISOString() };
}

/** Changes one of the account's searches; undefined when the account has no such search. */
export async function changeSearch(db: Db, accountId: string, id: string, change: { name?: string; alerts?: boolean }): Promise<SavedSearch | undefined> {
  const set: Partial<Pick<SearchRow, 'name' | 'alerts'>> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.alerts !== undefined) set.alerts = change.alerts;
  const where = and(eq(savedSearches.id, id), eq(savedSearches.account_id, accountId));
  if (Object.keys(set).length === 0) {
    const [row] = await db.select().from(savedSearches).where(where).limit(1);
    return row ? searchOf(row) : undefined;
  }
  const [row] = await db.update(savedSearches).set(set).where(where).returning();
  return row ? searchOf(row) : undefined;
}

/** Deletes one of the account's searches; false when the account has no such search. */
export async function deleteSearch(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.account_id, accountId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function searchCount(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.account_id, accountId));
  return Number(row?.n ?? 0);
}
