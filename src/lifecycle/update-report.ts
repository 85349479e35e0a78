import { CONFLICTS, WRITES, type PlannedUpdate, type UpdateAction } from './merge.js';
import type { Output } from './project.js';
import { ANSWERS_FILE } from '../answers/answers-file.js';
import { updateSubject, type UpdatePlan } from './update-plan.js';

/** Why a file gets its action, in the owner's terms: the file's state and what happens to it. */
const EXPLAINED: Record<UpdateAction, string> = {
  create: 'new in this version',
  update: 'unchanged by you: takes the new version',
  merge: 'edited by you and changed by this version: merged cleanly',
  conflict: 'edited by you and changed by this version in the same place',
  keep: 'edited by you; this version does not change it',
  current: 'already up to date',
  delete: 'no longer generated and unchanged by you',
  'keep-obsolete': 'no longer generated, but edited by you: kept, remove it when you no longer need it',
  'stay-deleted': 'deleted by you: stays deleted',
  unresolved: 'still holds conflict markers of this version: resolve them',
  move: 'moved by this version; any edits of yours go with it',
  'move-merge': 'moved and changed by this version, edited by you: merged cleanly',
  'move-conflict': 'moved and changed by this version, edited by you in the same place',
  'move-blocked': 'this version moves it, but a file of yours is at the new path: left here, carry your edits over',
};

/** `--dry-run`: the plan, file by file, with the conflicts to expect. */
export function printPlan(plan: UpdatePlan, version: string, output: Output): void {
  output.log(`Plan (dry run) to update ${updateSubject(plan.record, version)}:`);
  printFiles(plan, output);
  printFieldMigration(plan, 'would add', output);
  printRuleChanges(plan.fieldRules, `\nRules edited in ${ANSWERS_FILE}, which update would carry into the schemas and the document:`, output);
  const conflicts = plan.files.filter((file) => CONFLICTS.has(file.action));
  if (conflicts.length > 0) output.log(`\nConflicts expected in ${count(conflicts.length, 'file')}: ${conflicts.map((file) => file.path).join(', ')}.`);
  output.log('\nDry run: nothing was written.');
}

/** After an update: what happened to each file, the conflicts, and what to do next (`git diff` in a git working tree). */
export function printOutcome(plan: UpdatePlan, version: string, output: Output, { inGit }: { inGit: boolean }): void {
  const changes = plan.files.some((file) => WRITES.has(file.action) || ['delete', 'unresolved'].includes(file.action));
  if (!changes && plan.answersFile === undefined) {
    output.log(`Nothing to update: the project is current with create-item-service ${version}.`);
    return;
  }
  output.log(`Updated ${updateSubject(plan.record, version)}:`);
  printFiles(plan, output);
  printFieldMigration(plan, 'added', output);
  printRuleChanges(plan.fieldRules, `\nRules edited in ${ANSWERS_FILE}, now in the schemas and the document:`, output);
  const conflicts = plan.files.filter((file) => CONFLICTS.has(file.action));
  if (conflicts.length > 0) {
    output.log(`\nConflicts: resolve the marked hunks (<<<<<<< yours ... ======= ... >>>>>>> create-item-service ${version}) in:`);
    for (const file of conflicts) output.log(`  ${file.path}${file.conflicts ? ` (${count(file.conflicts, 'hunk')})` : ''}`);
  }
  printMovedImports(plan, output);
  const changedPackage = plan.files.some((file) => file.path === 'package.json' && ['update', 'merge', 'conflict'].includes(file.action));
  const steps: [string, string?][] = inGit ? [['git diff', 'review what the update changed']] : [];
  if (changedPackage) steps.push(['npm install', 'package.json changed']);
  if (plan.fieldMigration) steps.push(['npm run migrate', `applies ${plan.fieldMigration.name} (npm run migrate:down undoes it)`]);
  // The client's types are git-ignored and follow the document, which any update may change.
  steps.push(['npm run typecheck', "writes the client's types (src/client/schema.d.ts) afresh first"], ['npm test']);
  output.log('\nNext steps:');
  if (conflicts.length > 0) output.log('  resolve the conflict markers above');
  for (const [command, why] of steps) output.log(`  ${why === undefined ? command : `${command.padEnd(17)}  # ${why}`}`);
}

/**
 * `update` moves the files it generated, and their imports among themselves, but not the imports in
 * files it never made (an owner's test importing `./helpers.js`): the type-check names each of those.
 */
function printMovedImports(plan: UpdatePlan, output: Output): void {
  const moved = plan.files.filter((file) => file.move && WRITES.has(file.action)).length;
  if (moved === 0) return;
  output.log(
    `\n${count(moved, 'file')} moved. A file of your own that imports one by its old path must follow it to the new one: npm run typecheck names each.`,
  );
}

function printFieldMigration(plan: UpdatePlan, verb: string, output: Output): void {
  const migration = plan.fieldMigration;
  if (migration) output.log(`\nThe fields changed: ${verb} migration ${migration.name}, which ${migration.changes.join('; ')}.`);
}

function printFiles(plan: UpdatePlan, output: Output): void {
  const shown = plan.files.filter((file) => file.action !== 'current');
  const width = Math.max(...shown.map((file) => shownPath(file).length), ANSWERS_FILE.length);
  for (const file of shown) output.log(`  ${file.action.padEnd(13)} ${shownPath(file).padEnd(width)}  ${explain(file)}`);
  if (plan.answersFile !== undefined) {
    output.log(`  ${'record'.padEnd(13)} ${ANSWERS_FILE.padEnd(width)}  new version and file hashes, written last`);
  }
  const current = plan.files.length - shown.length;
  if (current > 0) output.log(`  ${count(current, 'file')} already up to date.`);
}

/** A moved file shows both paths, `src/database.ts -> src/db/database.ts`, as git reports a rename. */
function shownPath(file: PlannedUpdate): string {
  return file.move ? `${file.move.from} -> ${file.move.to}` : file.path;
}

function explain(file: PlannedUpdate): string {
  const why = EXPLAINED[file.action];
  return file.conflicts === undefined ? why : `${why} (${count(file.conflicts, 'hunk')})`;
}

/** The fields' rule changes, one line per field: every change the answers file's edit brings, not only its columns. */
export function printRuleChanges(lines: readonly string[] | undefined, heading: string, output: { log: (line: string) => void }): void {
  if (lines === undefined || lines.length === 0) return;
  output.log(heading);
  for (const line of lines) output.log(`  ${line}`);
}

/** "1 file", "3 files". */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
