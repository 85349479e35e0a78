import type { Answers } from '../answers/answers.js';
import { entityNames } from '../names/entity-names.js';

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

/** Stands in a declared path for the entity's file base (`order-line`), as `__fileBase__` does in a template's path. */
export const FILE_BASE = '{fileBase}';

/** A test of the flat test/ folder that now lives in a folder mirroring src/: `test/<from>.test.ts` -> `test/<to>.test.ts`. */
const testsInto = (folder: string, names: string[]): Move[] =>
  names.map((name) => ({ from: `test/${name}.test.ts`, to: `test/${folder}/${name}.test.ts` }));

export const MOVES: readonly Move[] = [
  // 0.1.0: the database code in src/db/, the command-line tools in src/cli/ (issue 48).
  ...['database', 'database-url', 'database-values', 'database-misconfiguration', 'postgres-connection', 'embedded-database', 'data-dir-lock', 'collation', 'tenant-scope'].map(
    (name) => ({ from: `src/${name}.ts`, to: `src/db/${name}.ts` }),
  ),
  ...['migrate', 'seed', 'purge', 'hash-password', 'command-line'].map((name) => ({ from: `src/${name}.ts`, to: `src/cli/${name}.ts` })),
  // 0.1.0: the tests in folders that mirror src/, their helpers in test/support/ (issue 48). Config,
  // the README and the project's upkeep stay at the top, as src/config.ts does.
  ...['api', 'fields', 'requests', 'storage'].map((name) => ({ from: `test/${FILE_BASE}-${name}.test.ts`, to: `test/${FILE_BASE}/${name}.test.ts` })),
  ...testsInto(FILE_BASE, ['audit', 'concurrency', 'conditional', 'idempotency', 'list', 'list-filters', 'list-plans', 'lost-updates', 'model', 'properties']),
  ...testsInto(FILE_BASE, ['purge', 'soft-delete', 'tenancy', 'tenant-isolation']),
  ...testsInto('http', ['errors', 'health', 'metrics', 'security']),
  ...testsInto('db', ['database', 'data-dir-lock', 'migrations', 'migrate-commands']),
  ...testsInto('openapi', ['answers', 'docs', 'docs-auth', 'docs-http', 'document-properties']),
  ...testsInto('auth', ['auth']),
  ...testsInto('events', ['events']),
  ...[['config-auth', 'auth/config'], ['auth-jwks', 'auth/jwks'], ['auth-tokens', 'auth/tokens'], ['events-crash', 'events/crash'], ['events-faults', 'events/faults']].map(
    ([from, to]) => ({ from: `test/${from}.test.ts`, to: `test/${to}.test.ts` }),
  ),
  ...[
    ...['arbitraries', 'auth-helpers', 'client', 'document-requests', 'document-valid-requests', 'documents', 'dropping-proxy', 'event-checks', 'factory'],
    ...['helpers', 'list-helpers', 'nats-server', 'pattern-texts', 'raw-http', 'responses', 'scratch-database', 'shared-database', 'table-rows', 'tokens'],
    ...['schema-check', 'schema-edges', 'schema-numbered', 'schema-outside', 'schema-values'],
  ].map((name) => ({ from: `test/${name}.ts`, to: `test/support/${name}.ts` })),
];

/** The declared moves of the project these answers render: status and update resolve them here alike. */
export function projectMoves(answers: Pick<Answers, 'entity' | 'plural'>): Move[] {
  return resolveMoves(entityNames(answers.entity, answers.plural).fileBase);
}

/** Declared moves with the entity's file base in place (`test/{fileBase}-api.test.ts` -> `test/product-api.test.ts`). */
export function resolveMoves(fileBase: string, moves: readonly Move[] = MOVES): Move[] {
  const resolve = (path: string) => path.replaceAll(FILE_BASE, fileBase);
  return moves.map(({ from, to }) => ({ from: resolve(from), to: resolve(to) }));
}

/**
 * The declared moves that apply between two renderings: the old path was rendered before and is
 * no longer, the new path is rendered now and was not before. Any other move is not this update's.
 */
export function movesBetween(moves: readonly Move[], before: { has(path: string): boolean }, after: { has(path: string): boolean }): Move[] {
  return moves.filter(({ from, to }) => before.has(from) && !after.has(from) && after.has(to) && !before.has(to));
}
