/**
 * Meilisearch's filter language, parsed to a tree (grammar of meilisearch/crates/filter-parser):
 *
 *   expression = or;  or = and ("OR" and)*;  and = not ("AND" not)*;  not = "NOT" not | primary
 *   primary    = "(" expression ")" | value "IN" "[" values "]" | value "NOT" "IN" "[" values "]"
 *              | value ("=" | "!=" | ">" | ">=" | "<" | "<=") value | value value "TO" value
 *              | value ["NOT"] "EXISTS" | value "IS" ["NOT"] ("NULL" | "EMPTY")
 *   value      = word of letters, digits, "_", "-", "." (not a keyword) | 'single' | "double" quoted
 *
 * Keywords are upper case only; a keyword as a value must be quoted. Inside quotes a backslash
 * escapes the quote, a backslash, or a control sequence (\n, \t, \u{…} …); any other escape is an
 * error, never a guess. Errors carry Meilisearch's message shape: the diagnostic, then
 * `start:end filter`.
 */
import { MeiliError } from './errors';
import { GeoSyntaxError, parseGeoRadius, type GeoRadiusNode } from './geo';

export interface FilterToken {
  value: string;
  /** The filter expression the token comes from, and its UTF-16 offsets there, for error messages. */
  source: string;
  start: number;
  end: number;
}

export type ComparisonOperator = '=' | '!=' | '>' | '>=' | '<' | '<=';

export type FilterNode =
  | { type: 'and'; children: FilterNode[] }
  | { type: 'or'; children: FilterNode[] }
  | { type: 'not'; child: FilterNode }
  | { type: 'compare'; field: FilterToken; op: ComparisonOperator; value: FilterToken }
  | { type: 'between'; field: FilterToken; from: FilterToken; to: FilterToken }
  | { type: 'in'; field: FilterToken; values: FilterToken[] }
  | { type: 'exists'; field: FilterToken }
  | { type: 'null'; field: FilterToken }
  | { type: 'empty'; field: FilterToken }
  | GeoRadiusNode;

const MAX_DEPTH = 200;
const KEYWORDS = new Set(['AND', 'OR', 'IN', 'NOT', 'TO', 'EXISTS', 'IS', 'NULL', 'EMPTY', 'CONTAINS', 'STARTS', 'WITH', '_geoRadius', '_geoBoundingBox']);
const VALUE_CHAR = /[\p{Alphabetic}\p{N}_.-]/u;
const SPACE = /\s/u;
const OPERATION_LIST =
  '`=`, `!=`, `>=`, `>`, `<=`, `<`, `IN`, `NOT IN`, `TO`, `EXISTS`, `NOT EXISTS`, `IS NULL`, `IS NOT NULL`, `IS EMPTY`, `IS NOT EMPTY`, `CONTAINS`, `NOT CONTAINS`, `STARTS WITH`, `NOT STARTS WITH`, `_geoRadius`, or `_geoBoundingBox`';

/** A parse failure before it is given Meilisearch's position suffix. */
class Failure extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
    readonly code: 'invalid_search_filter' | 'feature_not_enabled' = 'invalid_search_filter',
  ) {
    super(message);
  }
}

/** `1:5 many = Glass`: 1-based character columns of the offending text, then the whole filter. */
export function filterError(input: string, message: string, start: number, end: number, code: Failure['code'] = 'invalid_search_filter'): MeiliError {
  const lineStart = input.lastIndexOf('\n', Math.max(0, start - 1)) + 1;
  const column = [...input.slice(lineStart, start)].length + 1;
  const size = [...input.slice(start, end)].length;
  return new MeiliError(code, `${message}\n${column}:${column + size} ${input}`);
}

/** Rust's `escape_debug`, used by Meilisearch to keep the message on two lines. */
const escapeDebug = (s: string): string =>
  s.replace(/[\\\n\r\t"']/g, (c) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '"': '\\"', "'": "\\'" })[c] ?? c);

class Parser {
  private pos = 0;

  constructor(private readonly input: string) {}

  parse(): FilterNode {
    const node = this.or(0);
    this.skipSpace();
    if (this.pos < this.input.length) {
      const rest = this.input.slice(this.pos);
      throw new Failure(
        `Found unexpected characters at the end of the filter: \`${escapeDebug(rest)}\`. You probably forgot an \`OR\` or an \`AND\` rule.`,
        this.pos,
        this.input.length,
      );
    }
    return node;
  }

  private checkDepth(depth: number): void {
    if (depth > MAX_DEPTH) {
      throw new Failure(
        'The filter exceeded the maximum depth limit. Try rewriting the filter so that it contains fewer nested conditions.',
        this.pos,
        this.input.length,
      );
    }
  }

  private or(depth: number): FilterNode {
    this.checkDepth(depth);
    const children = [this.and(depth + 1)];
    while (this.keyword('OR')) children.push(this.and(depth + 1));
    return children.length === 1 ? children[0]! : { type: 'or', children };
  }

  private and(depth: number): FilterNode {
    this.checkDepth(depth);
    const children = [this.not(depth + 1)];
    while (this.keyword('AND')) children.push(this.not(depth + 1));
    return children.length === 1 ? children[0]! : { type: 'and', children };
  }

  private not(depth: number): FilterNode {
    this.checkDepth(depth);
    if (this.keyword('NOT')) {
      const inner = this.not(depth + 1);
      return inner.type === 'not' ? inner.child : { type: 'not', child: inner };
    }
    return this.primary(depth + 1);
  }

  private primary(depth: number): FilterNode {
    this.checkDepth(depth);
    this.skipSpace();
    const start = this.pos;
    if (this.input[this.pos] === '(') {
      this.pos++;
      const inner = this.or(depth + 1);
      this.skipSpace();
      if (this.input[this.pos] !== ')') {
        throw new Failure(
          `Expression \`${escapeDebug(this.input.slice(start))}\` is missing the following closing delimiter: \`)\`.`,
          start,
          this.input.length,
        );
      }
      this.pos++;
      return inner;
    }
    const geo = this.geoRadius();
    if (geo) return geo;
    this.rejectGeo();
    if (this.atEnd() || (this.peekWord() === '' && !this.atQuote())) {
      const text = this.input.slice(start).trim();
      throw new Failure(
        `Was expecting an operation ${OPERATION_LIST} ${text === '' ? 'but instead got nothing.' : `at \`${escapeDebug(this.input.slice(start))}\`.`}`,
        start,
        this.input.length,
      );
    }
    const field = this.value();
    const opStart = this.pos;

    if (this.keyword('IN')) return { type: 'in', field, values: this.list() };
    if (this.keyword('NOT')) {
      if (this.keyword('IN')) return { type: 'not', child: { type: 'in', field, values: this.list() } };
      if (this.keyword('EXISTS')) return { type: 'not', child: { type: 'exists', field } };
      if (this.containsOperator()) this.containsNotEnabled(opStart);
      this.pos = opStart;
    }
    const op = this.operator();
    if (op) return { type: 'compare', field, op, value: this.value() };
    if (this.keyword('IS')) {
      const negated = this.keyword('NOT');
      let node: FilterNode | undefined;
      if (this.keyword('NULL')) node = { type: 'null', field };
      else if (this.keyword('EMPTY')) node = { type: 'empty', field };
      if (node) return negated ? { type: 'not', child: node } : node;
      this.pos = opStart;
    }
    if (this.keyword('EXISTS')) return { type: 'exists', field };
    if (this.containsOperator()) this.containsNotEnabled(opStart);

    // `field from TO to`
    const afterField = this.pos;
    this.skipSpace();
    if (!this.atEnd() && (this.atQuote() || (this.peekWord() !== '' && !KEYWORDS.has(this.peekWord())))) {
      const from = this.value();
      if (this.keyword('TO')) return { type: 'between', field, from, to: this.value() };
    }
    this.pos = afterField;
    const rest = this.input.slice(start);
    throw new Failure(
      `Was expecting an operation ${OPERATION_LIST} ${rest.trim() === '' ? 'but instead got nothing.' : `at \`${escapeDebug(rest)}\`.`}`,
      start,
      this.input.length,
    );
  }

  /** `CONTAINS` or `STARTS WITH`, which Meilisearch only accepts behind an experimental flag. */
  private containsOperator(): boolean {
    const save = this.pos;
    if (this.keyword('CONTAINS') || (this.keyword('STARTS') && this.keyword('WITH'))) return true;
    this.pos = save;
    return false;
  }

  private containsNotEnabled(start: number): never {
    throw new Failure(
      'Using `CONTAINS` or `STARTS WITH` in a filter requires enabling the `contains filter` experimental feature. See https://github.com/orgs/meilisearch/discussions/763',
      start,
      this.pos,
      'feature_not_enabled',
    );
  }

  private geoRadius(): GeoRadiusNode | undefined {
    try {
      const found = parseGeoRadius(this.input, this.pos);
      if (!found) return undefined;
      this.pos = found.end;
      this.skipSpace();
      return found.node;
    } catch (error) {
      if (error instanceof GeoSyntaxError) throw new Failure(error.message, error.start, error.end);
      throw error;
    }
  }

  /**
   * The other geo words: `_geoBoundingBox` and `_geoPolygon` are refused (not implemented here);
   * `_geo`, `_geoPoint` and `_geoDistance` are reserved, and `_geoRadius` is no value, as in Meilisearch.
   */
  private rejectGeo(asValue = false): void {
    this.skipSpace();
    const rest = this.input.slice(this.pos);
    const geo = /^(_geoRadius|_geoBoundingBox|_geoPolygon|_geoPoint|_geoDistance|_geo)\s*\(/.exec(rest);
    if (!geo) return;
    const name = geo[1]!;
    let message: string;
    if (name === '_geoRadius' || (asValue && name === '_geoBoundingBox')) {
      message = `The \`${name}\` filter is an operation and can't be used as a value.`;
    } else if (name === '_geoBoundingBox' || name === '_geoPolygon') {
      message = `\`${name}\` filters are not supported by the embedded search engine; use \`_geoRadius\`.`;
    } else {
      message = `\`${name}\` is a reserved keyword and thus can't be used as a filter expression. Use the \`_geoRadius(latitude, longitude, distance)\` or \`_geoBoundingBox([latitude, longitude], [latitude, longitude])\` built-in rules to filter on \`_geo\` coordinates.`;
    }
    throw new Failure(message, this.pos, this.input.length);
  }

  private operator(): ComparisonOperator | undefined {
    this.skipSpace();
    const two = this.input.slice(this.pos, this.pos + 2);
    for (const op of ['!=', '>=', '<='] as const) {
      if (two === op) {
        this.pos += 2;
        return op;
      }
    }
    const one = this.input[this.pos];
    if (one === '=' || one === '>' || one === '<') {
      this.pos++;
      return one;
    }
    return undefined;
  }

  /** `[a, "b", c,]` after IN. */
  private list(): FilterToken[] {
    this.skipSpace();
    if (this.input[this.pos] !== '[') throw new Failure('Expected `[` after `IN` keyword.', this.pos, this.input.length);
    this.pos++;
    const values: FilterToken[] = [];
    this.skipSpace();
    if (this.input[this.pos] === ']') {
      this.pos++;
      return values;
    }
    for (;;) {
      this.skipSpace();
      if (this.atEnd()) throw new Failure('Expected matching `]` after the list of field names given to `IN[`', this.pos, this.input.length);
      const word = this.peekWord();
      if (!this.atQuote() && (word === '' || KEYWORDS.has(word))) {
        const rest = this.input.slice(this.pos);
        const found = rest.split(/[\s,\]]/u)[0] ?? rest;
        throw new Failure(
          KEYWORDS.has(word)
            ? `Expected only comma-separated field names inside \`IN[..]\` but instead found \`${escapeDebug(found)}\`, which is a keyword. To use \`${escapeDebug(found)}\` as a field name or a value, surround it by quotes.`
            : `Expected only comma-separated field names inside \`IN[..]\` but instead found \`${escapeDebug(found)}\`.`,
          this.pos,
          this.input.length,
        );
      }
      values.push(this.value());
      this.skipSpace();
      if (this.input[this.pos] === ',') {
        this.pos++;
        this.skipSpace();
        if (this.input[this.pos] === ']') {
          this.pos++;
          return values;
        }
        continue;
      }
      if (this.input[this.pos] === ']') {
        this.pos++;
        return values;
      }
      if (this.atEnd()) throw new Failure('Expected matching `]` after the list of field names given to `IN[`', this.pos, this.input.length);
      const rest = this.input.slice(this.pos);
      throw new Failure(`Expected only comma-separated field names inside \`IN[..]\` but instead found \`${escapeDebug(rest)}\`.`, this.pos, this.input.length);
    }
  }

  private value(): FilterToken {
    this.skipSpace();
    this.rejectGeo(true);
    const start = this.pos;
    const quote = this.input[this.pos];
    if (quote === '"' || quote === "'") {
      this.pos++;
      const contentStart = this.pos;
      let raw = '';
      for (;;) {
        const ch = this.input[this.pos];
        if (ch === undefined) {
          throw new Failure(
            `Expression \`${escapeDebug(this.input.slice(start))}\` is missing the following closing delimiter: \`${quote}\`.`,
            start,
            this.input.length,
          );
        }
        if (ch === quote) break;
        if (ch === '\\') {
          const next = this.input[this.pos + 1];
          if (next === undefined) throw new Failure(`Malformed value: \`${escapeDebug(this.input.slice(contentStart))}\`.`, contentStart, this.input.length);
          raw += ch + next;
          this.pos += 2;
          continue;
        }
        raw += ch;
        this.pos++;
      }
      const end = this.pos;
      this.pos++;
      const value = unescape(raw, contentStart, end);
      this.skipSpace();
      return { value, source: this.input, start: contentStart, end };
    }
    const word = this.peekWord();
    if (word === '') {
      const rest = this.input.slice(this.pos);
      const found = rest.split(/[\s()=<>!]/u)[0] ?? '';
      throw new Failure(
        found.trim() === '' ? 'Was expecting a value but instead got nothing.' : `Was expecting a value but instead got \`${escapeDebug(found)}\`.`,
        this.pos,
        this.pos + found.length,
      );
    }
    if (KEYWORDS.has(word)) {
      throw new Failure(
        `Was expecting a value but instead got \`${escapeDebug(word)}\`, which is a reserved keyword. To use \`${escapeDebug(word)}\` as a field name or a value, surround it by quotes.`,
        this.pos,
        this.pos + word.length,
      );
    }
    this.pos += word.length;
    const token = { value: word, source: this.input, start, end: this.pos };
    this.skipSpace();
    return token;
  }

  /** The run of value characters at the cursor, without moving it. */
  private peekWord(): string {
    let end = this.pos;
    while (end < this.input.length) {
      const cp = this.input.codePointAt(end)!;
      const ch = String.fromCodePoint(cp);
      if (!VALUE_CHAR.test(ch)) break;
      end += ch.length;
    }
    return this.input.slice(this.pos, end);
  }

  /** Consumes `word` when it is the next whole word. */
  private keyword(word: string): boolean {
    const save = this.pos;
    this.skipSpace();
    if (this.peekWord() === word) {
      this.pos += word.length;
      return true;
    }
    this.pos = save;
    return false;
  }

  private atQuote(): boolean {
    const ch = this.input[this.pos];
    return ch === '"' || ch === "'";
  }

  private atEnd(): boolean {
    return this.pos >= this.input.length;
  }

  private skipSpace(): void {
    while (this.pos < this.input.length && SPACE.test(this.input[this.pos]!)) this.pos++;
  }
}

const SIMPLE_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', "'": "'", '"': '"', '\\': '\\', '/': '/' };

/** Backslash escapes inside a quoted value; an unknown escape is an error, as in Meilisearch. */
function unescape(raw: string, start: number, end: number): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = raw[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    let match: RegExpExecArray | null;
    if (
      (match = /^u\{([0-9a-fA-F]{1,6})\}/.exec(raw.slice(i + 1))) ||
      (match = /^u([0-9a-fA-F]{4})/.exec(raw.slice(i + 1))) ||
      (match = /^x([0-9a-fA-F]{2})/.exec(raw.slice(i + 1)))
    ) {
      const code = Number.parseInt(match[1]!, 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        throw new Failure(`Found an invalid escaped sequence number: \`${escapeDebug(raw)}\`.`, start, end);
      out += String.fromCodePoint(code);
      i += match[0].length;
      continue;
    }
    if ((match = /^[0-7]{1,3}/.exec(raw.slice(i + 1)))) {
      out += String.fromCharCode(Number.parseInt(match[0], 8) & 0xff);
      i += match[0].length;
      continue;
    }
    throw new Failure(`Malformed value: \`${escapeDebug(raw)}\`.`, start, end);
  }
  return out;
}

/** Parses one filter expression; undefined for an empty or blank one (which filters nothing). */
export function parseFilterExpression(input: string): FilterNode | undefined {
  if (input.trim() === '') return undefined;
  try {
    return new Parser(input).parse();
  } catch (error) {
    if (error instanceof Failure) throw filterError(input, error.message, error.start, error.end, error.code);
    throw error;
  }
}

/** Every attribute a filter names, with its place, for the filterable-attributes check. */
export function filterFields(node: FilterNode, out: FilterToken[] = []): FilterToken[] {
  switch (node.type) {
    case 'and':
    case 'or':
      for (const child of node.children) filterFields(child, out);
      break;
    case 'not':
      filterFields(node.child, out);
      break;
    default:
      out.push(node.field);
  }
  return out;
}
