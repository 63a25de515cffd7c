import { describe, expect, it } from 'vitest';
import { MeiliError } from './errors';
import { filterFields, parseFilterExpression, type FilterNode, type FilterToken } from './filter-parser';

/** The tree without token positions, written like Meilisearch's own parser tests. */
function show(node: FilterNode | undefined): string {
  if (!node) return '(none)';
  const v = (t: FilterToken): string => `{${t.value}}`;
  switch (node.type) {
    case 'and':
      return `AND[${node.children.map(show).join(', ')}]`;
    case 'or':
      return `OR[${node.children.map(show).join(', ')}]`;
    case 'not':
      return `NOT (${show(node.child)})`;
    case 'compare':
      return `${v(node.field)} ${node.op} ${v(node.value)}`;
    case 'between':
      return `${v(node.field)} ${v(node.from)} TO ${v(node.to)}`;
    case 'in':
      return `${v(node.field)} IN[${node.values.map(v).join(', ')}]`;
    case 'exists':
      return `${v(node.field)} EXISTS`;
    case 'null':
      return `${v(node.field)} IS NULL`;
    case 'empty':
      return `${v(node.field)} IS EMPTY`;
    case 'geoRadius':
      // Meilisearch's own tests write it so.
      return `_geoRadius(${v(node.lat)}, ${v(node.lng)}, ${v(node.radius)})`;
  }
}

const p = (filter: string): string => show(parseFilterExpression(filter));

function failure(filter: string): MeiliError {
  try {
    parseFilterExpression(filter);
  } catch (error) {
    if (error instanceof MeiliError) return error;
    throw error;
  }
  throw new Error(`expected "${filter}" to fail`);
}

describe('parseFilterExpression: the Meilisearch filter operators', () => {
  it('reads every comparison', () => {
    expect(p('make = Toyota')).toBe('{make} = {Toyota}');
    expect(p('make != Toyota')).toBe('{make} != {Toyota}');
    expect(p('price > 1000')).toBe('{price} > {1000}');
    expect(p('price >= 1000')).toBe('{price} >= {1000}');
    expect(p('price < 1000')).toBe('{price} < {1000}');
    expect(p('price <= 1000')).toBe('{price} <= {1000}');
    expect(p('price>=-5.5')).toBe('{price} >= {-5.5}');
    expect(p('make=Toyota')).toBe('{make} = {Toyota}');
  });

  it('reads TO, IN, NOT IN, EXISTS, IS NULL and IS EMPTY', () => {
    expect(p('price 5000 TO 250000')).toBe('{price} {5000} TO {250000}');
    expect(p('car_type IN [new, demo]')).toBe('{car_type} IN[{new}, {demo}]');
    expect(p('car_type IN[new,]')).toBe('{car_type} IN[{new}]');
    expect(p('car_type IN []')).toBe('{car_type} IN[]');
    expect(p('car_type NOT IN [used]')).toBe('NOT ({car_type} IN[{used}])');
    expect(p('badge EXISTS')).toBe('{badge} EXISTS');
    expect(p('badge NOT EXISTS')).toBe('NOT ({badge} EXISTS)');
    expect(p('sold_date_timestamp IS NULL')).toBe('{sold_date_timestamp} IS NULL');
    expect(p('sold_date_timestamp IS NOT NULL')).toBe('NOT ({sold_date_timestamp} IS NULL)');
    expect(p('tag IS EMPTY')).toBe('{tag} IS EMPTY');
    expect(p('tag IS NOT EMPTY')).toBe('NOT ({tag} IS EMPTY)');
  });

  it('binds NOT tighter than AND, and AND tighter than OR; parentheses group', () => {
    expect(p('a = 1 AND b = 2 OR c = 3')).toBe('OR[AND[{a} = {1}, {b} = {2}], {c} = {3}]');
    expect(p('a = 1 OR b = 2 AND c = 3')).toBe('OR[{a} = {1}, AND[{b} = {2}, {c} = {3}]]');
    expect(p('(a = 1 OR b = 2) AND c = 3')).toBe('AND[OR[{a} = {1}, {b} = {2}], {c} = {3}]');
    expect(p('NOT a = 1 AND b = 2')).toBe('AND[NOT ({a} = {1}), {b} = {2}]');
    expect(p('NOT NOT NOT NOT x = 5')).toBe('{x} = {5}');
    expect(p('NOT (a = 1 OR b = 2)')).toBe('NOT (OR[{a} = {1}, {b} = {2}])');
  });

  it('the default listing filter: in stock, coming soon, and recently sold cars shown on the website', () => {
    expect(p('status IN [in_stock, coming_soon] OR (status = sold AND show_on_dealer_website = true AND sold_date_timestamp >= 1700000000)')).toBe(
      'OR[{status} IN[{in_stock}, {coming_soon}], AND[{status} = {sold}, {show_on_dealer_website} = {true}, {sold_date_timestamp} >= {1700000000}]]',
    );
  });

  it('treats an empty or blank filter as no filter', () => {
    expect(parseFilterExpression('')).toBeUndefined();
    expect(parseFilterExpression('   \n ')).toBeUndefined();
  });
});

describe('parseFilterExpression: quoted values and attribute names', () => {
  it('accepts single and double quotes around values and attribute names', () => {
    expect(p(`make = 'Land Rover'`)).toBe('{make} = {Land Rover}');
    expect(p('make = "Land Rover"')).toBe('{make} = {Land Rover}');
    expect(p(`"make" = Toyota`)).toBe('{make} = {Toyota}');
    expect(p(`'location name' = 'Gold Coast'`)).toBe('{location name} = {Gold Coast}');
    expect(p('make = ""')).toBe('{make} = {}');
  });

  it('keeps keywords, brackets and operators inside quotes as plain text', () => {
    expect(p('make = "Toyota OR make = Mazda"')).toBe('{make} = {Toyota OR make = Mazda}');
    expect(p(`make = 'A AND B'`)).toBe('{make} = {A AND B}');
    expect(p('model IN ["CX-5]", "a, b", "(x)"]')).toBe('{model} IN[{CX-5]}, {a, b}, {(x)}]');
    expect(p('make = "NOT"')).toBe('{make} = {NOT}');
    expect(p('badge = "<script>alert(1)</script>"')).toBe('{badge} = {<script>alert(1)</script>}');
  });

  it('unescapes backslashes the way Meilisearch does', () => {
    expect(p(String.raw`make = "say \"hi\""`)).toBe('{make} = {say "hi"}');
    expect(p(String.raw`make = 'O\'Brien'`)).toBe(`{make} = {O'Brien}`);
    expect(p(String.raw`make = 'foo\\'`)).toBe(String.raw`{make} = {foo\}`);
    expect(p(String.raw`make = "a\\\"b"`)).toBe(String.raw`{make} = {a\"b}`);
    expect(p(String.raw`make = "tab\there"`)).toBe('{make} = {tab\there}');
    expect(p(String.raw`make = "\u{1F697} \x41"`)).toBe('{make} = {🚗 A}');
    // A quote inside the other kind of quotes needs no escape.
    expect(p(`make = "it's"`)).toBe(`{make} = {it's}`);
  });

  it('an escaped quote never ends the value, so it cannot smuggle in another condition', () => {
    const node = parseFilterExpression(String.raw`make = "x\" OR make = \"y"`);
    expect(show(node)).toBe('{make} = {x" OR make = "y}');
    expect(node && filterFields(node).map((f) => f.value)).toEqual(['make']);
  });

  it('reads unicode in words and values', () => {
    expect(p('make = Škoda')).toBe('{make} = {Škoda}');
    expect(p('city = "Sāo Paulo 🚗"')).toBe('{city} = {Sāo Paulo 🚗}');
    expect(p('city = 東京')).toBe('{city} = {東京}');
  });
});

describe('parseFilterExpression: errors are Meilisearch-shaped, never a guess', () => {
  it('names the unexpected rest of an unquoted value with spaces', () => {
    const error = failure('make = Land Rover');
    expect(error.code).toBe('invalid_search_filter');
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Found unexpected characters at the end of the filter: `Rover`. You probably forgot an `OR` or an `AND` rule.\n13:18 make = Land Rover',
    );
  });

  it('refuses keywords as unquoted values', () => {
    expect(failure('make = AND').message).toMatch(/^Was expecting a value but instead got `AND`, which is a reserved keyword/);
    expect(failure('make IN [OR]').message).toMatch(/which is a keyword/);
  });

  it('refuses unclosed quotes, brackets and parentheses', () => {
    expect(failure('make = "Toyota').message).toMatch(/missing the following closing delimiter: `"`/);
    expect(failure(`make = 'Toyota`).message).toMatch(/missing the following closing delimiter: `'`/);
    expect(failure('(make = Toyota').message).toMatch(/missing the following closing delimiter: `\)`/);
    expect(failure('make IN [a, b').message).toMatch(/Expected matching `\]`/);
    expect(failure('make IN a').message).toMatch(/Expected `\[` after `IN` keyword/);
    expect(failure('make = Toyota)').message).toMatch(/unexpected characters at the end of the filter: `\)`/);
  });

  it('refuses a trailing backslash and unknown escapes', () => {
    expect(failure('make = "abc\\').message).toMatch(/closing delimiter|Malformed value/);
    expect(failure(String.raw`make = "a\qb"`).message).toMatch(/^Malformed value/);
    expect(failure(String.raw`make = "\u{110000}"`).message).toMatch(/invalid escaped sequence number/);
  });

  it('refuses missing operators, values and dangling AND / OR / NOT', () => {
    expect(failure('make').message).toMatch(/^Was expecting an operation `=`/);
    expect(failure('make =').message).toMatch(/^Was expecting a value but instead got nothing\./);
    expect(failure('make = Toyota AND').message).toMatch(/^Was expecting an operation .* but instead got nothing\./);
    expect(failure('OR make = Toyota').message).toMatch(/reserved keyword/);
    expect(failure('NOT').message).toMatch(/but instead got nothing/);
    expect(failure('price 1 TO').message).toMatch(/^Was expecting a value/);
    expect(failure('= 5').message).toMatch(/^Was expecting an operation/);
    expect(failure('make ~ Toyota').message).toMatch(/^Was expecting an operation/);
  });

  it('reads _geoRadius, refuses the other geo filters and the experimental CONTAINS / STARTS WITH', () => {
    expect(parseFilterExpression(' _geoRadius(45.4, -9.1, 2e3) AND make = Kia')).toMatchObject({
      type: 'and',
      children: [
        { type: 'geoRadius', field: { value: '_geo' }, lat: { value: '45.4' }, lng: { value: '-9.1' }, radius: { value: '2e3' } },
        { type: 'compare' },
      ],
    });
    expect(failure('_geoRadius (45.4, 9.1, 2000)').message).toMatch(/must be in the form/);
    expect(failure('_geoRadius(45.4, 9.1)').message).toMatch(/^Was expecting 3 or 4 arguments for `_geoRadius`, but instead found 2\./);
    expect(failure('_geoRadius(45.4, north, 9)').message).toMatch(/must be in the form/);
    expect(failure('make = _geoRadius(45.4, 9.1, 2000)').message).toMatch(/^The `_geoRadius` filter is an operation and can't be used as a value\./);
    expect(failure('_geoPoint(45.4, 9.1)').message).toMatch(/^`_geoPoint` is a reserved keyword/);
    expect(failure('_geoBoundingBox([1, 2], [0, 1])').message).toMatch(/not supported by the embedded search engine/);
    expect(failure('make CONTAINS oyo').code).toBe('feature_not_enabled');
    expect(failure('make STARTS WITH Toy').code).toBe('feature_not_enabled');
  });

  it('stops at the depth limit instead of overflowing the stack', () => {
    expect(failure(`${'('.repeat(300)}a = 1${')'.repeat(300)}`).message).toMatch(/maximum depth limit/);
    expect(failure(`${'NOT '.repeat(500)}a = 1`).message).toMatch(/maximum depth limit/);
    // Long flat chains are fine: they loop rather than recurse.
    expect(parseFilterExpression(Array.from({ length: 2000 }, (_, i) => `id = ${i}`).join(' OR '))?.type).toBe('or');
  });

  it('points at the offending text with 1-based character columns', () => {
    expect(failure('make = "Škoda" AND = 5').message.split('\n')[1]).toBe('20:23 make = "Škoda" AND = 5');
  });
});

describe('filterFields', () => {
  it('lists every attribute a filter names', () => {
    const node = parseFilterExpression('a = 1 AND (NOT b EXISTS OR c IN [x]) AND d 1 TO 2');
    expect(node && filterFields(node).map((f) => f.value)).toEqual(['a', 'b', 'c', 'd']);
  });
});
