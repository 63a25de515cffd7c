import { describe, expect, it } from 'vitest';
import { commaLists, readCommandLine, type ArgumentProblem } from './arguments';

const options = { dealer: { type: 'string', multiple: true }, out: { type: 'string' }, verbose: { type: 'boolean', short: 'v' } } as const;
const refuse = (problem: ArgumentProblem) => new Error(JSON.stringify(problem));
const problem = (argv: string[], allowPositionals = false): ArgumentProblem => {
  try {
    readCommandLine(argv, options, refuse, { allowPositionals });
  } catch (error) {
    return JSON.parse((error as Error).message) as ArgumentProblem;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
};

describe('readCommandLine', () => {
  it('reads both value spellings, repeats in order, short switches and positionals', () => {
    const { values, positionals, tokens } = readCommandLine(['--dealer', 'a', '--dealer=b', '-v', 'feed.csv'], options, refuse, { allowPositionals: true });
    expect(values).toEqual({ dealer: ['a', 'b'], verbose: true });
    expect(positionals).toEqual(['feed.csv']);
    expect(tokens.filter((t) => t.kind === 'option').map((t) => t.rawName)).toEqual(['--dealer', '--dealer', '-v']);
  });

  it('names an unknown option, a value given to a switch and a stray argument as typed', () => {
    expect(problem(['--fast'])).toEqual({ kind: 'unknown', arg: '--fast' });
    expect(problem(['--out', 'x', '--fast=1'])).toEqual({ kind: 'unknown', arg: '--fast=1' });
    expect(problem(['--verbose=yes'])).toEqual({ kind: 'unknown', arg: '--verbose=yes' });
    expect(problem(['feed.csv'])).toEqual({ kind: 'unknown', arg: 'feed.csv' });
    expect(problem(['-vx'])).toEqual({ kind: 'unknown', arg: '-vx' });
    expect(problem(['--constructor'])).toEqual({ kind: 'unknown', arg: '--constructor' });
  });

  it('names an option left without its value: last, empty or followed by another option', () => {
    expect(problem(['--out'])).toEqual({ kind: 'needs-value', option: '--out' });
    expect(problem(['--out='])).toEqual({ kind: 'needs-value', option: '--out' });
    expect(problem(['--dealer', '--verbose'])).toEqual({ kind: 'needs-value', option: '--dealer' });
    expect(problem(['--dealer', '-v'], true)).toEqual({ kind: 'needs-value', option: '--dealer' });
  });

  it('takes a value starting with a dash only when written --name=value', () => {
    expect(readCommandLine(['--out=-x'], options, refuse).values.out).toBe('-x');
  });
});

describe('commaLists', () => {
  it('gathers the lists of several spellings in the order typed, trimmed, naming the option as typed', () => {
    const lists = { dealer: { type: 'string', multiple: true }, dealers: { type: 'string', multiple: true }, verbose: { type: 'boolean' } } as const;
    const { tokens } = readCommandLine(['--dealers', ' a , ,b ', '--verbose', '--dealer=c', '--dealer', ','], lists, refuse);
    expect(commaLists(tokens, ['dealer', 'dealers'])).toEqual([
      { option: '--dealers', items: ['a', 'b'] },
      { option: '--dealer', items: ['c'] },
      { option: '--dealer', items: [] },
    ]);
  });
});
