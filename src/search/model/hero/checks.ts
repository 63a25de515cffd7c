/**
 * A few structural checks for data the browser reads back (page JSON, storage, search
 * responses). Much smaller than zod, which matters on pages that must ship a few KB of script:
 * each check returns the value typed, or throws a CheckError naming the path.
 * Unknown object keys are dropped, so nothing unchecked passes through.
 *
 * Not zod/mini: on a build, zod/mini's schemas put zod's core (about 16 KB gzip) on the home
 * page, which loads no zod today and ships well under 10 KB gzip of script up front.
 */
import { isRecord } from '../../../platform/formats/records';

export class CheckError extends Error {}

export type Check<T> = (value: unknown, path: string) => T;
type Out<C> = C extends Check<infer T> ? T : never;
type OptionalKeys<S> = { [K in keyof S]: undefined extends Out<S[K]> ? K : never }[keyof S];
type Shape<S> = { [K in Exclude<keyof S, OptionalKeys<S>>]: Out<S[K]> } & { [K in OptionalKeys<S>]?: Exclude<Out<S[K]>, undefined> };

function fail(path: string, expected: string): never {
  throw new CheckError(`${path}: expected ${expected}`);
}

export const text =
  (max = 10_000): Check<string> =>
  (value, path) =>
    typeof value === 'string' && value.length <= max ? value : fail(path, `text up to ${max} characters`);

export const number: Check<number> = (value, path) => (typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'a number'));

export const boolean: Check<boolean> = (value, path) => (typeof value === 'boolean' ? value : fail(path, 'true or false'));

export const oneOf =
  <const T extends readonly string[]>(values: T): Check<T[number]> =>
  (value, path) =>
    typeof value === 'string' && values.includes(value) ? value : fail(path, `one of ${values.join(', ')}`);

export const list =
  <T>(item: Check<T>, max = 1_000): Check<T[]> =>
  (value, path) =>
    Array.isArray(value) && value.length <= max ? value.map((v, i) => item(v, `${path}[${i}]`)) : fail(path, `a list of up to ${max}`);

export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value, path) =>
    value === undefined || value === null ? undefined : check(value, path);

export const either =
  <A, B>(a: Check<A>, b: Check<B>): Check<A | B> =>
  (value, path) => {
    try {
      return a(value, path);
    } catch {
      return b(value, path);
    }
  };

export const object =
  <S extends Record<string, Check<unknown>>>(shape: S): Check<Shape<S>> =>
  (value, path) => {
    if (!isRecord(value)) return fail(path, 'an object');
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const checked = check(Object.hasOwn(value, key) ? value[key] : undefined, `${path}.${key}`);
      if (checked !== undefined) out[key] = checked;
    }
    return out as Shape<S>;
  };

/** An object of any keys whose values all pass one check, e.g. facet counts. */
export const record =
  <T>(item: Check<T>, maxKeys = 10_000): Check<Record<string, T>> =>
  (value, path) => {
    if (!isRecord(value)) return fail(path, 'an object');
    const entries = Object.entries(value);
    if (entries.length > maxKeys) return fail(path, `at most ${maxKeys} keys`);
    // A null-prototype object: a key such as "__proto__" from the network stays plain data.
    const out = Object.create(null) as Record<string, T>;
    for (const [key, v] of entries) out[key] = item(v, `${path}.${key}`);
    return out;
  };

export const pair =
  <A, B>(first: Check<A>, second: Check<B>): Check<[A, B]> =>
  (value, path) =>
    Array.isArray(value) && value.length === 2 ? [first(value[0], `${path}[0]`), second(value[1], `${path}[1]`)] : fail(path, 'a pair');

/** Anything at all, for data checked later item by item. */
export const anything: Check<unknown> = (value) => value;

/**
 * Every member of a string union, listed: the compiler refuses a list that misses one, so a new
 * config value cannot make the browser silently reject a valid page.
 */
export const every =
  <T extends string>() =>
  <const V extends readonly T[]>(values: V & ([Exclude<T, V[number]>] extends [never] ? unknown : { missing: Exclude<T, V[number]> })): V =>
    values;

/** The checked value, or undefined when it does not pass. */
export function attempt<T>(check: Check<T>, value: unknown, path = 'value'): T | undefined {
  try {
    return check(value, path);
  } catch (error) {
    if (error instanceof CheckError) return undefined;
    throw error;
  }
}
