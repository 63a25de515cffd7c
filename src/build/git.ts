/**
 * The only place `--changed` touches git: lists changed paths, which plan.ts's pure
 * dealersAffected() then classifies.
 */
import { execFileSync } from 'node:child_process';
import { splitNul } from './plan';

function git(args: string[], cwd: string): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const stderr = typeof error === 'object' && error !== null && 'stderr' in error ? String(error.stderr).trim() : '';
    throw new Error(`git ${args.join(' ')} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/**
 * Paths (relative to `cwd`) that differ between `ref` and the working tree: committed since the
 * ref, staged, unstaged and untracked. `--no-renames` lists a rename as delete + add, so a dealer
 * asset moved from one dealer to another counts for both.
 */
export function changedPathsSince(ref: string, cwd: string): string[] {
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd);
  } catch {
    throw new Error(`--changed: "${ref}" is not a commit in this repository (try origin/main or HEAD~1)`);
  }
  const changed = splitNul(git(['diff', '--name-only', '--no-renames', '--relative', '-z', ref, '--'], cwd));
  const untracked = splitNul(git(['ls-files', '--others', '--exclude-standard', '-z'], cwd));
  return [...new Set([...changed, ...untracked])].sort();
}
