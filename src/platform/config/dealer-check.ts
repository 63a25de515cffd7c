/**
 * Reads one dealer file's text the way every entry point does (the server, the build,
 * `npm run check:dealers`, the preview page) and says what is wrong with it as DealerProblems:
 * JSON syntax, keys written twice, every field the schema refuses, and a slug that is not the
 * file's name. Each problem carries the line and column, the field's path, what is wrong in plain
 * words and how to fix it; zod's own wording ("expected string, received undefined") is turned
 * into an editor's words here, in one place, never per field.
 *
 * The JSON is parsed with jsonc-parser, which keeps each value's offset, so a path from the schema
 * finds its place in the file; offsets become line and column in problems.ts.
 */
import path from 'node:path';
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { duplicateKeysInTree } from '../formats/json-duplicate-keys';
import { dealerConfigSchema, type DealerConfig } from './schema';
import { formatPath, lineColumn, problemAt, type DealerProblem } from './problems';

export interface DealerFileCheck {
  /** The parsed config, when the file has no error. */
  dealer?: DealerConfig;
  problems: DealerProblem[];
  /** The file's text and jsonc-parser tree, for checks that point into the file too. */
  text: string;
  tree: Node | undefined;
}

/** A value as an editor wrote it, short enough for one line. */
export function quoted(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

const JSON_TYPES: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object', null: 'null' };

/** What kind of JSON value a node holds, in words. */
function jsonKind(node: Node | undefined): string {
  if (!node) return 'missing';
  return JSON_TYPES[node.type] ?? node.type;
}

interface Expected {
  words: string;
  example: string;
  fix: string;
}

/** What the schema expected, an example to paste, and how to write it, by zod's `expected`. */
function expectedValue(expected: string): Expected {
  switch (expected) {
    case 'string':
      return { words: 'text in double quotes', example: '"..."', fix: 'put the text in double quotes' };
    case 'number':
    case 'int':
      return { words: 'a number', example: '0', fix: 'write the number without quotes, e.g. 85' };
    case 'boolean':
      return { words: 'true or false', example: 'true', fix: 'write true or false, without quotes' };
    case 'array':
      return { words: 'a list in [ ]', example: '[]', fix: 'write a list in square brackets, e.g. ["a", "b"]' };
    case 'object':
      return { words: 'an object in { }', example: '{ ... }', fix: 'write an object in curly braces, e.g. { "name": "..." }' };
    default:
      return { words: expected, example: '...', fix: `write ${expected}` };
  }
}

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; anyOf?: SchemaNode[]; oneOf?: SchemaNode[]; allOf?: SchemaNode[] };

/** The editor's JSON Schema (input side), read lazily: it knows each object's fields, for "did you mean". */
let jsonSchema: SchemaNode | undefined;
function editorSchema(): SchemaNode {
  jsonSchema ??= z.toJSONSchema(dealerConfigSchema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
  return jsonSchema;
}

/** The fields an object at `at` may have, from the editor's schema; empty when it cannot tell. */
export function knownFields(at: readonly PropertyKey[]): string[] {
  let nodes: SchemaNode[] = [editorSchema()];
  const spread = (list: SchemaNode[]): SchemaNode[] => list.flatMap((n) => [n, ...spread([...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])])]);
  for (const segment of at) {
    nodes = spread(nodes).flatMap((n) => {
      const next = typeof segment === 'number' ? n.items : n.properties?.[String(segment)];
      return next ? [next] : [];
    });
  }
  return [...new Set(spread(nodes).flatMap((n) => Object.keys(n.properties ?? {})))];
}

/** Edit distance, for the nearest known field or make to a misspelled one. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The candidate nearest to `word` (case ignored) when it is near enough to be a slip of the keys. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(lower.length / 4)) ? best.candidate : undefined;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Why a date written as YYYY-MM-DD is not a date: "February 2027 has 28 days". */
function impossibleDate(value: string): { message: string; fix: string } | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return undefined;
  const [year, month] = [Number(parts[1]), Number(parts[2])];
  if (month < 1 || month > 12)
    return { message: `${quoted(value)} is not a real date: there is no month ${parts[2]}`, fix: 'write the month as 01 to 12, as "YYYY-MM-DD"' };
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    message: `${quoted(value)} is not a real date: ${MONTHS[month - 1]} ${year} has ${days} days`,
    fix: `check the day; "YYYY-MM-DD", e.g. "${parts[1]}-${parts[2]}-${String(days).padStart(2, '0')}"`,
  };
}

/** A schema message "must be …, e.g. "x"" split into what is wrong and how to write it. */
function splitExample(message: string): { rule: string; fix: string } {
  const at = message.indexOf(', e.g. ');
  if (at < 0) return { rule: message, fix: '' };
  return { rule: message.slice(0, at), fix: `write it like ${message.slice(at + ', e.g. '.length)}` };
}

interface Described {
  path: PropertyKey[];
  message: string;
  fix: string;
}

/** One zod issue in an editor's words, with the value found at its path in the file. */
function describeIssue(issue: z.core.$ZodIssue, tree: Node | undefined): Described[] {
  const at = [...issue.path];
  const node = tree ? findNodeAtLocation(tree, at as JSONPath) : undefined;
  const value: unknown = node ? getNodeValue(node) : undefined;
  const key = at.at(-1);
  const fieldName = typeof key === 'string' ? key : 'value';
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((unknown) => {
        const fields = knownFields(at);
        const guess = nearest(unknown, fields);
        return {
          path: [...at, unknown],
          message: `"${unknown}" is not a field ${at.length > 0 ? `of ${formatPath(at)}` : 'of a dealer file'}`,
          fix: guess
            ? `did you mean "${guess}"?`
            : `remove it, or check its name in docs/dealer-files.md${fields.length > 0 && fields.length <= 12 ? ` (fields here: ${fields.join(', ')})` : ''}`,
        };
      });
    case 'invalid_union': {
      // A union failing every branch: report the branch that got furthest rather than "Invalid input".
      const deepest = issue.errors.flat().sort((a, b) => b.path.length - a.path.length)[0];
      if (deepest && deepest.path.length > 0) return describeIssue({ ...deepest, path: [...at, ...deepest.path] }, tree);
      // Every branch a list of allowed values ("sales", "service", "parts" or ""): one list of them all.
      const branches = issue.errors.flat();
      if (branches.length > 0 && branches.every((b) => b.code === 'invalid_value')) {
        const values = branches.flatMap((b) => (b.code === 'invalid_value' ? b.values : []));
        return describeIssue({ code: 'invalid_value', values, path: at, message: '', input: value }, tree);
      }
      if (!node) return [{ path: at, message: 'is required but missing', fix: `add "${fieldName}": ...` }];
      return [{ path: at, message: `${quoted(value)} is not a value this field takes`, fix: `see "${formatPath(at)}" in docs/dealer-files.md` }];
    }
    case 'invalid_type': {
      const expected = expectedValue(issue.expected);
      if (!node) return [{ path: at, message: 'is required but missing', fix: `add "${fieldName}": ${expected.example}` }];
      // A field with its own message (navigation's "Cannot run without navigation") keeps it.
      if (!issue.message.startsWith('Invalid input')) return [{ path: at, message: issue.message, fix: expected.fix }];
      return [{ path: at, message: `is ${jsonKind(node)} (${quoted(value)}) but must be ${expected.words}`, fix: expected.fix }];
    }
    case 'invalid_value':
      if (!node)
        return [
          {
            path: at,
            message: 'is required but missing',
            fix: `add "${fieldName}": ${JSON.stringify(issue.values[0])} (one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')})`,
          },
        ];
      return [
        {
          path: at,
          message: `${quoted(value)} is not one of the values this field takes`,
          fix: `use one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
        },
      ];
    case 'invalid_format': {
      const written = quoted(value);
      if (issue.format === 'url')
        return [
          { path: at, message: `${written} is not a full web address`, fix: 'write it with https:// and the host name, e.g. "https://www.example.com.au"' },
        ];
      if (issue.format === 'email') return [{ path: at, message: `${written} is not an email address`, fix: 'write it like "sales@example.com.au"' }];
      if (issue.format === 'date') {
        const impossible = typeof value === 'string' ? impossibleDate(value) : undefined;
        return [
          impossible
            ? { path: at, ...impossible }
            : { path: at, message: `${written} is not a date written as "YYYY-MM-DD"`, fix: 'write it like "2027-02-28"' },
        ];
      }
      if (/^#/.test(String(value)) || /colour/.test(issue.message)) {
        return [{ path: at, message: `${written} is not a colour written as "#rrggbb"`, fix: 'write six hex digits after #, e.g. "#0b3d91"' }];
      }
      const { rule, fix } = splitExample(issue.message);
      return [{ path: at, message: `${written} ${rule}`, fix }];
    }
    case 'too_small': {
      if (issue.origin === 'string') {
        return [
          {
            path: at,
            message: 'is empty',
            fix: `write the ${fieldName.replace(/_/g, ' ')} here${issue.minimum === 1 ? '' : ` (at least ${String(issue.minimum)} characters)`}`,
          },
        ];
      }
      if (issue.origin === 'array') {
        const { rule } = splitExample(issue.message.startsWith('Too small') ? `needs at least ${String(issue.minimum)}` : issue.message);
        return [{ path: at, message: rule, fix: `add ${String(issue.minimum)} or more entries to the list` }];
      }
      return [{ path: at, message: `${quoted(value)} is below the smallest allowed, ${String(issue.minimum)}`, fix: `use ${String(issue.minimum)} or more` }];
    }
    case 'too_big': {
      if (issue.origin === 'string') {
        const length = typeof value === 'string' ? value.length : 0;
        return [{ path: at, message: `is ${length} characters long; at most ${String(issue.maximum)} fit`, fix: 'shorten it' }];
      }
      if (issue.origin === 'array')
        return [{ path: at, message: `has more than ${String(issue.maximum)} entries`, fix: `keep at most ${String(issue.maximum)}` }];
      return [{ path: at, message: `${quoted(value)} is above the largest allowed, ${String(issue.maximum)}`, fix: `use ${String(issue.maximum)} or less` }];
    }
    default: {
      const { rule, fix } = splitExample(issue.message);
      const shown = /^(must|is)\b/.test(rule) && node && node.type !== 'object' && node.type !== 'array' ? `${quoted(value)} ${rule}` : rule;
      return [{ path: at, message: shown, fix }];
    }
  }
}

/** The field paths and messages for schema issues, in the editor's words (the loader's and the check's). */
export function describeIssues(issues: readonly z.core.$ZodIssue[], tree: Node | undefined): Described[] {
  return issues.flatMap((issue) => describeIssue(issue, tree));
}

/** The previous character of `text` before `offset` that is not white space, with its offset. */
function previousToken(text: string, offset: number): { char: string; at: number } {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return { char: i >= 0 ? text[i]! : '', at: i };
}

/** A JSON syntax error as an editor would say it, at the place to fix. */
export function describeSyntaxError(text: string, error: ParseError): { offset: number; message: string; fix: string } {
  const here = text[error.offset] ?? '';
  const before = previousToken(text, error.offset);
  const word = /^[A-Za-z_$][\w$-]*/.exec(text.slice(error.offset))?.[0];
  // By the code's name: jsonc-parser's codes are a const enum, which this project's module settings cannot read.
  const code = printParseErrorCode(error.error);
  switch (code) {
    case 'PropertyNameExpected':
    case 'ValueExpected':
      if ((here === '}' || here === ']') && before.char === ',') {
        return { offset: before.at, message: 'a comma after the last entry is not allowed in JSON', fix: 'remove this comma' };
      }
      if (word && code === 'PropertyNameExpected') {
        return { offset: error.offset, message: `the field name ${word} is not in double quotes`, fix: `write "${word}"` };
      }
      if (error.offset >= text.length)
        return {
          offset: error.offset,
          message: 'the file ends too early',
          fix: 'add what is missing at the end, or restore the file from its last good version',
        };
      return { offset: error.offset, message: 'a value is missing here', fix: 'write a value: "text", a number, true or false, a list [ ] or an object { }' };
    case 'InvalidSymbol':
      if (word && /^\s*:/.test(text.slice(error.offset + word.length))) {
        return { offset: error.offset, message: `the field name ${word} is not in double quotes`, fix: `write "${word}"` };
      }
      if (word) return { offset: error.offset, message: `${word} is not a JSON value`, fix: `put text in double quotes: "${word}"` };
      if (here === "'") return { offset: error.offset, message: 'single quotes are not JSON', fix: 'use double quotes " around names and text' };
      return { offset: error.offset, message: `"${here}" cannot stand here`, fix: 'remove it, or check the punctuation around it' };
    case 'CommaExpected':
      return { offset: before.at + 1, message: 'a comma is missing after this value', fix: 'add "," between the two entries' };
    case 'ColonExpected':
      return { offset: error.offset, message: 'a colon is missing between the field name and its value', fix: 'write "name": value' };
    case 'CloseBraceExpected':
      return { offset: error.offset, message: 'an object is not closed', fix: 'add the missing "}" (or a missing comma before this)' };
    case 'CloseBracketExpected':
      return { offset: error.offset, message: 'a list is not closed', fix: 'add the missing "]" (or a missing comma before this)' };
    case 'UnexpectedEndOfString':
      return { offset: error.offset, message: 'a text value is not closed', fix: 'add the closing double quote "' };
    case 'InvalidCommentToken':
      return { offset: error.offset, message: 'comments are not allowed in JSON', fix: 'remove the comment' };
    case 'EndOfFileExpected':
      return { offset: error.offset, message: 'there is more after the end of the dealer object', fix: 'remove it, or move it inside the outer { }' };
    case 'InvalidEscapeCharacter':
    case 'InvalidCharacter':
      return {
        offset: error.offset,
        message: 'this text holds a character JSON does not allow (a raw line break, a tab or a bad \\ escape)',
        fix: 'write a line break as \\n, a tab as \\t and a backslash as \\\\',
      };
    default:
      return { offset: error.offset, message: `the JSON does not read: ${code}`, fix: 'check the punctuation here' };
  }
}

/** Reads a dealer file's text into a tree, with its JSON syntax errors (only the first: the rest follow from it). */
export function parseDealerText(text: string, file: string): { tree: Node | undefined; problems: DealerProblem[] } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const { offset, message, fix } = describeSyntaxError(text, first);
    return {
      tree,
      problems: [{ file, ...lineColumn(text, offset), path: '(root)', message: `the file is not valid JSON: ${message}`, fix, severity: 'error' }],
    };
  }
  if (!tree || tree.type !== 'object') {
    return {
      tree,
      problems: [
        {
          file,
          line: 1,
          column: 1,
          path: '(root)',
          message: 'a dealer file must hold one JSON object { ... }',
          fix: 'start the file with { and end it with }',
          severity: 'error',
        },
      ],
    };
  }
  return { tree, problems: [] };
}

/**
 * Every problem in one dealer file's text: syntax, keys written twice, the schema, and the slug
 * against the file name. `dealer` is set when there are none.
 */
export function checkDealerText(text: string, file: string): DealerFileCheck {
  const parsed = parseDealerText(text, file);
  const { tree } = parsed;
  if (parsed.problems.length > 0) return { problems: parsed.problems, text, tree };
  const problems: DealerProblem[] = duplicateKeysInTree(tree).map((twice) => ({
    file,
    ...lineColumn(text, twice.offset),
    path: formatPath(twice.path),
    message: `"${String(twice.path.at(-1))}" is written twice in the same object (also on line ${lineColumn(text, twice.firstOffset).line})`,
    fix: 'keep one; JSON would silently keep only the last',
    severity: 'error',
  }));
  const result = dealerConfigSchema.safeParse(getNodeValue(tree!));
  if (!result.success) {
    for (const issue of describeIssues(result.error.issues, tree)) problems.push(problemAt(file, text, tree, issue.path, issue.message, issue.fix));
    return { problems, text, tree };
  }
  const expectedSlug = path.basename(file, '.json');
  if (result.data.slug !== expectedSlug) {
    problems.push(
      problemAt(
        file,
        text,
        tree,
        ['slug'],
        `"${result.data.slug}" does not match the file name "${expectedSlug}.json"`,
        `set "slug": "${expectedSlug}", or rename the file to ${result.data.slug}.json`,
      ),
    );
  }
  return problems.length > 0 ? { problems, text, tree } : { dealer: result.data, problems, text, tree };
}
