/**
 * The release after this version, for the N -> N+1 -> N+2 chain: the working tree changed forward
 * the way a release changes it, in code, templates and the answers file's own shape.
 */
import { buildRelease, type PackedRelease } from './releases.js';

export const NEXT_VERSION = '0.2.0-next';

/** What the release from this version to the next one changed, as rendered paths for Product. */
export const NEXT_CHANGES = {
  /** A schema description worded anew by the code that writes it (joi-views.ts). */
  reworded: { from: 'null (or leaving it out) means none', to: 'null, or leaving it out, means none' },
  /** A comment line of a template changed (a whole line, indented as in its try block). */
  serverComment: {
    from: '  // Tracing patches http, koa, knex and pg, so it starts before the service imports them, and only',
    to: '  // Tracing patches http, koa, knex and pg, so it must start before the service imports them, and only',
  },
  added: 'docs/runbook.md',
  removed: 'test/config-files.test.ts',
  /** Moved, declared in the release's moves.ts, with a line of it changed on the way. */
  renamed: { from: 'test/db/data-dir-lock.test.ts', to: 'test/db/data-folder-lock.test.ts' },
  renamedLine: { from: '/** The id of a process that has already exited. */', to: '/** The id of a process that has exited already. */' },
  /** The answers file's new optional key, and its default for Product. */
  description: 'Product service',
};

let next: PackedRelease | undefined;

/**
 * Built once per test process. Besides the files above (the renamed one declared as a move), the answers file gains an optional
 * `description` (default "<Label> service"), written into the answers file and package.json:
 * a project recorded by this version has no such key, and the next release must still read it.
 */
export function nextRelease(): PackedRelease {
  next ??= buildRelease(NEXT_VERSION, [
    { path: 'src/views/joi-views.ts', from: `'${NEXT_CHANGES.reworded.from}, and`, to: `'${NEXT_CHANGES.reworded.to}, and` },
    { path: 'templates/src/server.ts', from: NEXT_CHANGES.serverComment.from, to: NEXT_CHANGES.serverComment.to },
    { add: 'templates/docs/runbook.md.hbs', content: '# Running the {{label}} service\n\nStart with `npm start`; see README.md.\n' },
    { remove: 'templates/test/config-files.test.ts.hbs' },
    { path: 'templates/test/db/data-dir-lock.test.ts', from: NEXT_CHANGES.renamedLine.from, to: NEXT_CHANGES.renamedLine.to },
    { rename: 'templates/test/db/data-dir-lock.test.ts', to: 'templates/test/db/data-folder-lock.test.ts' },
    {
      path: 'src/lifecycle/moves.ts',
      from: 'export const MOVES: readonly Move[] = [',
      to: `export const MOVES: readonly Move[] = [\n  { from: '${NEXT_CHANGES.renamed.from}', to: '${NEXT_CHANGES.renamed.to}' },`,
    },
    // The answers file's new optional key, read, defaulted, rendered and recorded.
    {
      path: 'src/answers/answers-file.ts',
      from: "'migrations', 'migrationLayout']);",
      to: "'migrations', 'migrationLayout', 'description']);",
    },
    {
      path: 'src/answers/answers-file.ts',
      from: '  if (raw.migrations !== undefined) answers.migrations',
      to:
        "  if (raw.description !== undefined && typeof raw.description !== 'string') throw new FieldSpecError('\"description\" must be a string');\n" +
        '  if (typeof raw.description === "string") (answers as { description?: string }).description = raw.description;\n' +
        '  if (raw.migrations !== undefined) answers.migrations',
    },
    { path: 'src/answers/answers.ts', from: '  managementPort: number;\n', to: '  managementPort: number;\n  description?: string;\n' },
    { path: 'src/views/template-context.ts', from: '  managementPort: number;\n', to: '  managementPort: number;\n  description: string;\n' },
    {
      path: 'src/views/template-context.ts',
      from: '    managementPort: answers.managementPort,\n',
      to: '    managementPort: answers.managementPort,\n    description: JSON.stringify(answers.description ?? `${names.labelCapitalized} service`),\n',
    },
    { path: 'templates/create-item-service.json.hbs', from: '  "managementPort": {{managementPort}},\n', to: '  "managementPort": {{managementPort}},\n  "description": {{{description}}},\n' },
    { path: 'templates/package.json.hbs', from: '  "private": true,\n', to: '  "private": true,\n  "description": {{{description}}},\n' },
  ]);
  return next;
}
