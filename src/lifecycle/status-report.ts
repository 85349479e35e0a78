import type { FileStatus, LocalState, ProjectStatus } from './status.js';
import { count, printRuleChanges } from './update-report.js';

/** How each state reads in the summary line, in the order it lists them. */
const STATE_WORDS: Record<LocalState, string> = {
  unchanged: 'unchanged',
  edited: 'edited by you',
  missing: 'deleted by you',
  conflicted: 'with conflict markers',
};

/** A file worth a line of its own: the owner changed it, or this version would. */
const needsAttention = (file: FileStatus): boolean => file.change !== null || (file.state !== 'unchanged' && file.state !== null);

/**
 * `status` as text: the count of files in each state, then the files that need attention (edited,
 * deleted, conflicted, or changed by this version; every file with `all`), then what to do.
 * `subject` says what an update would bring the project to (see updateSubject).
 */
export function printStatus(
  status: ProjectStatus,
  subject: string,
  { all, command }: { all: boolean; command: string },
  output: { log: (line: string) => void },
): void {
  output.log(stateCounts(status.files));
  const listed = all ? status.files : status.files.filter(needsAttention);
  if (listed.length > 0) {
    const shown = (file: FileStatus) => (file.from === undefined ? file.path : `${file.from} -> ${file.path}`);
    const width = Math.max(...listed.map((file) => shown(file).length), 4);
    output.log('');
    output.log(`  ${'file'.padEnd(width)}  ${'state'.padEnd(10)}  pending`);
    for (const file of listed) output.log(`  ${shown(file).padEnd(width)}  ${(file.state ?? '-').padEnd(10)}  ${file.change ?? '-'}`);
    output.log('');
  }
  const conflicted = status.files.filter((file) => file.state === 'conflicted').map((file) => file.path);
  if (conflicted.length > 0) {
    output.log(`Conflict markers still in ${conflicted.join(', ')}: resolve each <<<<<<< yours block, then run status again.`);
  }
  if (!status.updatePending) {
    const finish = conflicted.length > 0 ? ' once those conflicts are resolved' : '';
    output.log(`Up to date with create-item-service ${status.generatorVersion}${finish}.${all ? '' : ' (--all lists every file)'}`);
    return;
  }
  const migration = status.fieldMigration;
  if (migration) {
    const refused = migration.destructive.length > 0 ? ` (needs --allow-destructive: ${migration.destructive.join('; ')})` : '';
    output.log(`The fields changed: update would add migration ${migration.name}, which ${migration.changes.join('; ')}${refused}.`);
  }
  printRuleChanges(status.fieldRules, 'Rules edited in create-item-service.json, which update would carry into the schemas and the document:', output);
  const changes = status.files.filter((file) => file.change !== null).length;
  output.log(`Update pending, ${subject}: ${count(changes, 'file')} would change. Run ${command} update (--dry-run to preview).`);
}

/** "163 generated files: 158 unchanged, 3 edited by you, 2 deleted by you; update would change 4, add 1." */
function stateCounts(files: readonly FileStatus[]): string {
  const states = (Object.keys(STATE_WORDS) as LocalState[])
    .map((state) => [files.filter((file) => file.state === state).length, STATE_WORDS[state]] as const)
    .filter(([n]) => n > 0)
    .map(([n, words]) => `${n} ${words}`);
  const changes = [
    ['update', 'change'],
    ['new', 'add'],
    ['obsolete', 'remove'],
    ['move', 'move'],
  ] as const;
  const pending = changes
    .map(([change, verb]) => [files.filter((file) => file.change === change).length, verb] as const)
    .filter(([n]) => n > 0)
    .map(([n, verb]) => `${verb} ${n}`);
  const summary = `${count(files.length, 'generated file')}: ${states.join(', ') || 'none on disk'}`;
  return pending.length > 0 ? `${summary}; update would ${pending.join(', ')}.` : `${summary}.`;
}
