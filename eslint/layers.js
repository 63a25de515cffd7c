/**
 * The import rule that keeps the architecture visible (docs/architecture.md): folders of src/
 * sit on floors, and an import may only point at its own floor or one below. Inside a feature,
 * the runtime folders keep browser, UI and server code apart over one shared, pure model.
 *
 * Written as a project rule rather than a boundaries plugin because the floors are this
 * project's own and the message should name them; it needs no module resolver, since a floor is
 * read from the folder an import points into.
 */
import path from 'node:path';

/** Floors from the bottom up. A folder imports its own floor and the ones below it. */
export const FLOORS = [
  ['platform'],
  ['stock'],
  ['saved-cars'],
  ['search'],
  ['dealer'],
  ['providers', 'feeds'],
  ['leads'],
  ['accounts'],
  ['cars'],
  ['checkout', 'finance', 'spin-to-win'],
  ['garage', 'assistants'],
  ['build'],
  ['publish'],
  ['site'],
  ['pages', 'server'],
  // The development preview puts the pages (through Astro's dev server) and the API together.
  ['preview'],
];

/** Folders split by runtime: `src/<feature>/<runtime>/`. */
export const FEATURES = new Set([
  'stock',
  'saved-cars',
  'search',
  'dealer',
  'leads',
  'accounts',
  'cars',
  'checkout',
  'finance',
  'spin-to-win',
  'garage',
  'feeds',
  'assistants',
]);

/** What each runtime may import, in its own feature or a lower one. */
export const RUNTIMES = {
  model: ['model'],
  browser: ['model', 'browser'],
  ui: ['model', 'browser', 'ui'],
  server: ['model', 'server', 'delivery', 'admin'],
  delivery: ['model', 'server', 'delivery'],
  admin: ['model', 'server', 'delivery', 'admin'],
};

/** Composition folders that run only in Node: they compose features' models and servers, never their UI. */
const NODE_ONLY = new Set(['server', 'build', 'publish', 'providers', 'preview']);

const floorOf = new Map(FLOORS.flatMap((names, i) => names.map((name) => [name, i])));
const describeFloors = FLOORS.map((names) => names.join(' | ')).join(' < ');

/**
 * Where a file sits: `{ top, runtime }` for files under src/, `{ outside: 'tests' | ... }` otherwise.
 * @param {string} file path relative to the project root, with forward slashes
 */
export function placeOf(file) {
  const parts = file.split('/');
  if (parts[0] !== 'src') return { outside: parts[0] };
  const top = parts[1];
  const runtime = FEATURES.has(top) && parts.length > 3 ? parts[2] : undefined;
  return { top, runtime };
}

/**
 * Why `from` may not import `to` (both relative to the project root), or undefined when it may.
 * @param {string} from
 * @param {string} to
 * @param {boolean} isTest whether the importing file is a test
 */
export function violation(from, to, isTest) {
  const source = placeOf(from);
  const target = placeOf(to);
  if (target.outside === 'tests') return isTest || source.outside ? undefined : `only tests may import test support (${to})`;
  if (source.outside) return undefined;
  if (target.outside === 'packages') return undefined;
  if (target.outside) return `src/ may not import ${target.outside}/ (${to})`;
  const a = floorOf.get(source.top);
  const b = floorOf.get(target.top);
  if (a === undefined) return `src/${source.top}/ is not on any floor: add it to FLOORS in eslint/layers.js and docs/architecture.md`;
  if (b === undefined) return `src/${target.top}/ is not on any floor: add it to FLOORS in eslint/layers.js and docs/architecture.md`;
  if (b > a || (b === a && source.top !== target.top)) {
    return `src/${source.top} may not import src/${target.top} (${to}): imports point down the floors ${describeFloors}`;
  }
  if (FEATURES.has(target.top) && target.runtime) {
    if (source.runtime) {
      const allowed = RUNTIMES[source.runtime];
      if (!allowed) return `src/${source.top}/${source.runtime}/ is not a runtime folder (${Object.keys(RUNTIMES).join(', ')})`;
      if (!allowed.includes(target.runtime)) {
        return `${source.runtime}/ code may import only ${allowed.join(', ')}/ code, not ${target.runtime}/ (${to})`;
      }
    } else if (NODE_ONLY.has(source.top) && (target.runtime === 'ui' || target.runtime === 'browser')) {
      return `src/${source.top} runs only in Node and may not import ${target.runtime}/ code (${to})`;
    }
  }
  return undefined;
}

/** The project root: this file's folder's parent. */
const root = path.resolve(import.meta.dirname, '..');

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point down the floors of docs/architecture.md, and runtimes stay apart inside a feature.' },
    schema: [],
  },
  create(context) {
    // Scripts inside .astro files are linted as virtual files `Page.astro/1_1.ts`.
    const filename = context.filename.replace(/(\.astro)\/[^/]+$/, '$1');
    const from = path.relative(root, filename).split(path.sep).join('/');
    const isTest = /\.test\.tsx?$/.test(from) || from.startsWith('tests/');
    const check = (node) => {
      const spec = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
      if (!spec || !spec.startsWith('.')) return;
      const to = path
        .relative(root, path.resolve(path.dirname(filename), spec))
        .split(path.sep)
        .join('/');
      const reason = violation(from, to, isTest);
      if (reason) context.report({ node, message: reason });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // vi.mock('../x') names a module as surely as an import does.
      'CallExpression[callee.object.name="vi"][callee.property.name=/^(mock|doMock|importActual)$/]': (node) => check(node.arguments[0]),
    };
  },
};

export default { rules: { layers: layersRule } };
