import { relative } from 'node:path';

import type { GenerateResult } from '../generate/generate.js';
import type { GitOutcome } from '../generate/git-repository.js';
import type { FieldSpec } from '../fields/field-spec.js';
import { formatFieldsTable } from './fields-table.js';
import { generatorCommand } from './generator-command.js';

/** What became of the project's git repository, in one line. */
function gitLine(outcome: GitOutcome | undefined): string | undefined {
  if (outcome === undefined) return undefined;
  if (outcome.status === 'committed') return 'Made it a git repository with a first commit: git diff shows what a later update changes.';
  if (outcome.status === 'uncommitted') return `Made it a git repository, without a first commit: ${outcome.reason}. Commit it before a first update.`;
  return `No git repository of its own: ${outcome.reason}.`;
}

/**
 * What generating did, or on a dry run would do: the files, the local .env and its account, the
 * project's git repository, and the next steps, with the commands that run this generator later.
 */
export function reportGeneration(
  result: GenerateResult,
  { fields, outArgument, dryRun, git }: { fields: readonly FieldSpec[]; outArgument: string; dryRun: boolean; git?: GitOutcome },
  { cwd, print }: { cwd: string; print: (line: string) => void },
): void {
  if (dryRun) {
    print(formatFieldsTable(fields));
    print('');
    const verbs = { create: 'create', conflict: 'replace', identical: 'leave unchanged' } as const;
    for (const { path, status } of result.plan) print(`would ${verbs[status]} ${path}`);
    print('would create .env (random JWT_SECRET and password), unless one exists');
    print(`\nDry run: nothing was written to ${outArgument}.`);
    return;
  }
  const counts = { create: 0, identical: 0, conflict: 0 };
  for (const { status } of result.plan) counts[status] += 1;
  print(`Wrote ${outArgument}: ${counts.create} created, ${counts.conflict} replaced, ${counts.identical} unchanged.`);
  if (result.env.status === 'created') {
    const { username, password, tenant } = result.env.secrets;
    print(`
Created .env (git-ignored, readable only by you) with a random JWT_SECRET and the account
for POST /api/auth/token, which writes need:
  username: ${username}
  password: ${password}${tenant === undefined ? '' : `\n  tenant:   ${tenant} (AUTH_TENANT)`}`);
  } else {
    print('Kept the existing .env: its JWT_SECRET and password are unchanged.');
  }
  const gitNote = gitLine(git);
  if (gitNote !== undefined) print(gitNote);
  const cdPath = relative(cwd, result.outDir) || '.';
  const generator = generatorCommand(result.outDir);
  print(`
Next steps:
  cd ${cdPath}
  npm install
  npm start      # embedded database, no server needed; API docs at /swagger
  npm test

Later, in ${cdPath}: edit create-item-service.json (a field, a port), commit, then
  ${generator} status
  ${generator} update`);
}
