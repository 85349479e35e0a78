import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** What became of the project's own git repository: made with a first commit, made without one, or not made and why. */
export type GitOutcome = { status: 'committed' } | { status: 'uncommitted' | 'skipped'; reason: string };

function git(dir: string, args: string[]) {
  return spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
}

const firstLine = (text: string) => text.trim().split('\n')[0] ?? '';

/**
 * Why the project folder should not become a repository of its own, or undefined when it should:
 * git is missing, the folder is one already, or it lies inside another repository's work tree that
 * tracks it (a folder that repository ignores, as a clone ignores the services made in it, is free).
 */
function whyNot(dir: string): string | undefined {
  const inside = git(dir, ['rev-parse', '--show-toplevel']);
  if ((inside.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return 'git is not installed';
  if (inside.status !== 0) return undefined;
  if (existsSync(join(dir, '.git'))) return 'the folder is a git repository already';
  const top = inside.stdout.trim();
  if (git(dir, ['check-ignore', '-q', '.']).status === 0) return undefined;
  return `the folder is inside the git work tree of ${top}: commit it there`;
}

/**
 * Makes the generated project a git repository of its own with a first commit of every file it
 * holds (`.env` and what else its .gitignore names stay out), so that `git diff` after an update
 * shows exactly what the update changed. Never throws: the outcome says what happened and why.
 */
export function initGitRepository(dir: string, message: string): GitOutcome {
  const reason = whyNot(dir);
  if (reason !== undefined) return { status: 'skipped', reason };
  for (const args of [['init', '-q'], ['add', '-A']]) {
    const result = git(dir, args);
    if (result.status !== 0) return { status: 'skipped', reason: `git ${args[0]} failed: ${firstLine(result.stderr)}` };
  }
  const commit = git(dir, ['commit', '-q', '--no-verify', '-m', message]);
  if (commit.status === 0) return { status: 'committed' };
  const why = /user\.(name|email)|identity/i.test(commit.stderr)
    ? 'git knows no user.name and user.email (git config --global user.name "..." and user.email "...")'
    : firstLine(commit.stderr || commit.stdout);
  return { status: 'uncommitted', reason: why };
}
