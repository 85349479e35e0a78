import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

import { ANSWERS_FILE } from '../answers/answers-file.js';
import { LifecycleError, parseRecord, type ProjectRecord } from '../project-files/record.js';

/** Reads the project's answers file; a missing or unreadable one is a LifecycleError. */
export function readProject(dir: string): ProjectRecord {
  let text: string;
  try {
    text = readFileSync(join(dir, ANSWERS_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new LifecycleError(`${dir} has no ${ANSWERS_FILE}: run this in a project made by create-item-service, or name its folder`);
    }
    throw new LifecycleError(`cannot read ${join(dir, ANSWERS_FILE)}: ${(error as Error).message}`);
  }
  return parseRecord(text);
}

/** The files among `paths` that exist below `dir`, with their content. */
export function readFiles(dir: string, paths: Iterable<string>): Map<string, string> {
  const files = new Map<string, string>();
  for (const path of paths) {
    try {
      files.set(path, readFileSync(join(dir, path), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new LifecycleError(`cannot read ${path}: ${(error as Error).message}`);
    }
  }
  return files;
}

/**
 * Writes a file through a temporary file in the same folder and a rename, so an interrupted
 * update leaves each file either old or new, never half written. An existing file keeps its mode.
 */
export function writeFileAtomically(dir: string, path: string, content: string): void {
  const target = join(dir, path);
  mkdirSync(dirname(target), { recursive: true });
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.create-item-service.tmp`);
  let mode: number | undefined;
  try {
    mode = statSync(target).mode & 0o777;
  } catch {
    mode = undefined;
  }
  try {
    writeFileSync(temporary, content, mode === undefined ? {} : { mode });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

export function removeFile(dir: string, path: string): void {
  rmSync(join(dir, path), { force: true });
}

/**
 * Uncommitted changes below `dir` as `git status --porcelain` lines; empty when clean, undefined
 * when `dir` is not in a git working tree (or git is not installed): then there is nothing to protect.
 */
export function uncommittedChanges(dir: string): string[] | undefined {
  const result = spawnSync('git', ['status', '--porcelain', '--', '.'], { cwd: dir, encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return undefined;
  if (result.status === 0) return result.stdout.split('\n').filter((line) => line !== '');
  if (/not a git repository/i.test(result.stderr)) return undefined;
  // Any other failure (e.g. git's "dubious ownership") must not pass for a clean tree.
  throw new LifecycleError(`cannot tell whether ${dir} has uncommitted changes: ${firstLine(result.stderr || String(result.error))}; pass --allow-dirty to update anyway`);
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

/** Where the commands print: the console, or a test's collector. */
export interface Output {
  log(line: string): void;
  error(line: string): void;
}

export const consoleOutput: Output = { log: (line) => console.log(line), error: (line) => console.error(line) };
