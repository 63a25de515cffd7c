/**
 * What is wrong in a dealer file, said so an editor can act on it: the file, the line and column
 * to look at, the field's JSON path, what is wrong in plain words and how to fix it. Every check
 * of a dealer file (the loader, the build, `npm run check:dealers`, the preview page) returns these,
 * and one formatter turns them into the lines the terminal shows:
 *
 * `dealers/acme.json:14:5 locations[0].phone: "02 1234" is not a valid Australian phone number; write it as …`
 */
import path from 'node:path';
import { getNodePath, type Node, findNodeAtLocation, type JSONPath } from 'jsonc-parser';

export interface DealerProblem {
  /** The dealer file, as given to the check. */
  file: string;
  /** 1-based line and column of the field (its key when it has one), or of the nearest part of the file that is there. */
  line: number;
  column: number;
  /** The field's JSON path, `locations[0].phone`; `(root)` for the file as a whole. */
  path: string;
  /** What is wrong, in plain words. */
  message: string;
  /** How to fix it. */
  fix: string;
  /** An error stops the site from being built; a warning is shown and the site is built. */
  severity: 'error' | 'warning';
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

/** Line and column (both 1-based) of a character offset in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * The offset to point at for a JSON path: the key of a property (where an editor's eye goes), the
 * value of an array entry; for a path that is not in the file (a missing field), the nearest
 * enclosing part that is.
 */
export function offsetOf(root: Node | undefined, jsonPath: readonly PropertyKey[]): number {
  if (!root) return 0;
  for (let length = jsonPath.length; length >= 0; length--) {
    const node = findNodeAtLocation(root, jsonPath.slice(0, length) as JSONPath);
    if (!node) continue;
    const property = node.parent?.type === 'property' ? node.parent : undefined;
    return property?.children?.[0]?.offset ?? node.offset;
  }
  return root.offset;
}

/** The JSON path of a node of the tree, for checks that walk the tree rather than the parsed config. */
export const pathOfNode = (node: Node): (string | number)[] => getNodePath(node);

/** One problem located in `text` by its JSON path. */
export function problemAt(
  file: string,
  text: string,
  root: Node | undefined,
  jsonPath: readonly PropertyKey[],
  message: string,
  fix: string,
  severity: DealerProblem['severity'] = 'error',
): DealerProblem {
  return { file, ...lineColumn(text, offsetOf(root, jsonPath)), path: formatPath(jsonPath), message, fix, severity };
}

/** The file name to show: relative to the working folder when inside it. */
function shownFile(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** `dealers/acme.json:14:5 locations[0].phone: "02 1234" is not …; write it as …` (a warning says so first). */
export function formatProblem(problem: DealerProblem): string {
  const where = `${shownFile(problem.file)}:${problem.line}:${problem.column}`;
  const text = `${problem.path}: ${problem.message}${problem.fix ? `; ${problem.fix}` : ''}`;
  return `${problem.severity === 'warning' ? 'warning ' : ''}${where} ${text}`;
}

/** One line per problem, in file order. */
export function formatProblems(problems: readonly DealerProblem[]): string {
  return sortProblems(problems).map(formatProblem).join('\n');
}

/** By file, then line and column, so the terminal reads like the file. */
export function sortProblems(problems: readonly DealerProblem[]): DealerProblem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
