import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedPathsSince } from './git';

let repo: string;
let project: string;

const git = (...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' });

function write(rel: string, content: string): void {
  const file = path.join(repo, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(() => {
  // The project lives in a subfolder, as in a monorepo: paths must come back relative to it.
  repo = mkdtempSync(path.join(tmpdir(), 'dealer-git-'));
  project = path.join(repo, 'site');
  git('init', '-q', '-b', 'main');
  write('site/dealers/alpha.json', '{}');
  write('site/dealers/assets/beta/logo.svg', '<svg/>');
  write('site/src/a.ts', 'a');
  write('site/.gitignore', 'dist/\n');
  write('other/readme.txt', 'outside the project');
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  git('tag', 'base');
  write('site/dealers/gamma.json', '{}');
  git('add', '.');
  git('commit', '-q', '-m', 'add gamma');
  write('site/src/a.ts', 'a2'); // unstaged
  write('site/dealers/delta one.json', '{}'); // untracked, with a space
  write('site/dist/alpha/index.html', 'ignored build output');
  write('other/readme.txt', 'changed outside the project');
  mkdirSync(path.join(repo, 'site/dealers/assets/alpha'), { recursive: true });
  git('mv', 'site/dealers/assets/beta/logo.svg', 'site/dealers/assets/alpha/logo.svg'); // staged rename
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('changedPathsSince', () => {
  it('lists committed, staged, unstaged and untracked changes relative to the project', () => {
    expect(changedPathsSince('base', project)).toEqual([
      'dealers/assets/alpha/logo.svg',
      'dealers/assets/beta/logo.svg',
      'dealers/delta one.json',
      'dealers/gamma.json',
      'src/a.ts',
    ]);
  });
  it('explains an unknown ref', () => {
    expect(() => changedPathsSince('no-such-ref', project)).toThrow(/"no-such-ref" is not a commit/);
  });
});
