/**
 * Command lines of the npm scripts and the lead tools, read with node:util `parseArgs` in strict
 * mode: an option the tool does not have, an option without its value or an argument where none
 * is taken is refused. The refusal comes back as an ArgumentProblem, for each tool to word the
 * way its usage text does.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type ArgumentProblem =
  /** An option the tool does not have, a value given to a switch, or an argument where none is taken, as typed. */
  | { kind: 'unknown'; arg: string }
  /** An option that takes a value given none: last, empty (`--dealer=`) or followed by another option. Its name as typed. */
  | { kind: 'needs-value'; option: string };

type Options = NonNullable<ParseArgsConfig['options']>;

const isParseArgsError = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS_');

/**
 * Which argument strict mode refused, found from the loose reading's tokens rather than from
 * the wording of Node's error messages.
 */
function problemIn(args: string[], options: Options, allowPositionals: boolean): ArgumentProblem | undefined {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (!allowPositionals) return { kind: 'unknown', arg: token.value };
      continue;
    }
    if (token.kind !== 'option') continue;
    const type = Object.hasOwn(options, token.name) ? options[token.name]?.type : undefined;
    if (type === 'string' && (token.value === undefined || token.value === '' || (!token.inlineValue && token.value.startsWith('-')))) {
      return { kind: 'needs-value', option: token.rawName };
    }
    if (type === undefined || (type === 'boolean' && token.inlineValue)) return { kind: 'unknown', arg: args[token.index] ?? token.rawName };
  }
  return undefined;
}

/**
 * `parseArgs` in strict mode with its tokens (so repeated options keep the order they were
 * typed in), `--name value` and `--name=value` alike. An empty value counts as none. Throws
 * what `refuse` makes of the first problem.
 */
export function readCommandLine<const O extends Options>(
  argv: readonly string[],
  options: O,
  refuse: (problem: ArgumentProblem) => Error,
  { allowPositionals = false }: { allowPositionals?: boolean } = {},
) {
  const args = [...argv];
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals, tokens: true });
  } catch (error) {
    if (!isParseArgsError(error)) throw error;
    const problem = problemIn(args, options, allowPositionals);
    if (problem) throw refuse(problem);
    throw error;
  }
  for (const token of parsed.tokens) {
    if (token.kind === 'option' && token.value === '') throw refuse({ kind: 'needs-value', option: token.rawName });
  }
  return parsed;
}

/**
 * The comma-separated lists given to any of `names` (`--dealer a,b --dealers c`), in the order
 * typed, each with the option as typed; items are trimmed and empty ones dropped.
 */
export function commaLists(
  tokens: readonly { kind: string; name?: string; rawName?: string; value?: string | undefined }[],
  names: readonly string[],
): { option: string; items: string[] }[] {
  return tokens.flatMap((token) =>
    token.kind === 'option' && token.name !== undefined && names.includes(token.name)
      ? [
          {
            option: token.rawName ?? `--${token.name}`,
            items: (token.value ?? '')
              .split(',')
              .map((item) => item.trim())
              .filter(Boolean),
          },
        ]
      : [],
  );
}
