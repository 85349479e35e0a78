import type { Output } from '../../src/lifecycle/project.js';
import { readTree } from './helpers.js';

/** Keeps what a lifecycle command prints: `text()` is all of it in order, `out` and `err` each stream alone. */
export function collector(): Output & { text: () => string; out: string[]; err: string[] } {
  const lines: string[] = [];
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    log: (line) => lines.push(line) && out.push(line),
    error: (line) => lines.push(line) && err.push(line),
    text: () => lines.join('\n'),
  };
}

/** A project's whole tree as update leaves it: .env and the owner's own files included. */
export const everything = (dir: string): Map<string, string> => readTree(dir, ['node_modules', '.git']);
