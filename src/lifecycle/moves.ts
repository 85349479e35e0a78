/**
 * Project files this version renders at another path than earlier versions did. `update` carries
 * each as a move, the owner's edits with it, where a delete and a create would leave them behind
 * in a dead file; `status` names them. Declared here when a template moves: data, not a guess
 * from similar contents, so a file that merely looks like another is never taken for it.
 */
export interface Move {
  /** The path earlier versions rendered, relative to the project. */
  from: string;
  /** The path this version renders instead. */
  to: string;
}

export const MOVES: readonly Move[] = [
  // 0.1.0: the database code in src/db/, the command-line tools in src/cli/ (issue 48).
  ...['database', 'database-url', 'database-values', 'database-misconfiguration', 'postgres-connection', 'embedded-database', 'data-dir-lock', 'collation', 'tenant-scope'].map(
    (name) => ({ from: `src/${name}.ts`, to: `src/db/${name}.ts` }),
  ),
  ...['migrate', 'seed', 'purge', 'hash-password', 'command-line'].map((name) => ({ from: `src/${name}.ts`, to: `src/cli/${name}.ts` })),
];

/**
 * The declared moves that apply between two renderings: the old path was rendered before and is
 * no longer, the new path is rendered now and was not before. Any other move is not this update's.
 */
export function movesBetween(moves: readonly Move[], before: { has(path: string): boolean }, after: { has(path: string): boolean }): Move[] {
  return moves.filter(({ from, to }) => before.has(from) && !after.has(from) && after.has(to) && !before.has(to));
}
