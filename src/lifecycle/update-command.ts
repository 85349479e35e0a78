import { isDeepStrictEqual } from 'node:util';

import { loadTemplates, render } from '../render/render.js';
import { GENERATOR_VERSION } from '../version.js';
import { renderBase } from './base-rendering.js';
import { destructiveRefusal, fieldRuleChanges, migrationNumbersOnDisk, withFieldMigration } from './field-migration.js';
import { CONFLICTS, planUpdate, WRITES } from './merge.js';
import { projectMoves } from './moves.js';
import { consoleOutput, readFiles, readProject, removeFile, uncommittedChanges, writeFileAtomically, type Output } from './project.js';
import { ANSWERS_FILE } from '../answers/answers-file.js';
import { LifecycleError, manifestOf, recordGeneration, type ProjectRecord } from '../project-files/record.js';
import type { UpdatePlan } from './update-plan.js';
import { printOutcome, printPlan } from './update-report.js';

export interface UpdateOptions {
  /** Print the plan and write nothing. */
  dryRun?: boolean;
  /** The recorded version's package: an unpacked folder or a `.tgz`. */
  from?: string;
  /** Update even when the git working tree has uncommitted changes. */
  allowDirty?: boolean;
  /** Add a field migration that may lose data or fail on stored rows (drop, narrow, require). */
  allowDestructive?: boolean;
  /** Where fetched packages are cached (default under ~/.cache). */
  cacheDir?: string;
  /** Environment for `npm pack`. */
  env?: NodeJS.ProcessEnv;
  /** How the messages name the generator's command (see generatorCommand); `create-item-service` unless given. */
  command?: string;
}

/**
 * `create-item-service update [dir] [--dry-run] [--from <path>] [--allow-dirty] [--allow-destructive]`.
 * Returns the exit code: 0 done, 1 done with conflicts left to resolve (or expected, on a dry run),
 * 2 refused or failed before writing.
 */
export function updateCommand(dir = '.', options: UpdateOptions = {}, output: Output = consoleOutput): number {
  let plan: UpdatePlan;
  try {
    if (!options.dryRun && !options.allowDirty) refuseUncommittedChanges(dir);
    plan = planProjectUpdate(dir, options);
  } catch (error) {
    if (!(error instanceof LifecycleError)) throw error;
    output.error(`error: ${error.message}`);
    return 2;
  }
  if (options.dryRun) {
    printPlan(plan, GENERATOR_VERSION, output);
    return conflictsLeft(plan) ? 1 : 0;
  }
  try {
    applyPlan(dir, plan);
  } catch (error) {
    output.error(`error: ${(error as Error).message}`);
    return 2;
  }
  printOutcome(plan, GENERATOR_VERSION, output, { inGit: inGitWorkTree(dir) });
  return conflictsLeft(plan) ? 1 : 0;
}

/** Whether `git diff` can show the update (a git failure other than "no repository" still counts as one). */
function inGitWorkTree(dir: string): boolean {
  try {
    return uncommittedChanges(dir) !== undefined;
  } catch {
    return true;
  }
}

function conflictsLeft(plan: UpdatePlan): boolean {
  return plan.files.some((file) => CONFLICTS.has(file.action));
}

/** Reads the project, rebuilds the base rendering, checks it against the record, and plans every file. */
export function planProjectUpdate(dir: string, options: UpdateOptions = {}): UpdatePlan {
  const record = readProject(dir);
  // A project made before the record existed has only its current answers to rebuild the base from.
  const recorded = record.generated ?? { answers: record.answers, answersAsWritten: answersAsWritten(record) };
  const base = renderBase({
    version: record.generatorVersion,
    thisVersion: GENERATOR_VERSION,
    answers: recorded.answers,
    answersAsWritten: recorded.answersAsWritten,
    from: options.from,
    cacheDir: options.cacheDir,
    env: options.env,
  });
  if (record.generated) checkBaseAgainstRecord(manifestOf(base), record.generated.files, record.generatorVersion, options);
  // A field change adds a migration (recorded in the answers file); the migrations already there stay as they are.
  const { answers, migration } = withFieldMigration(record, migrationNumbersOnDisk(dir));
  if (migration && migration.destructive.length > 0 && !options.allowDestructive) throw new LifecycleError(destructiveRefusal(migration, record));
  const theirs = recordGeneration(render(answers, loadTemplates(), GENERATOR_VERSION));
  const ours = readFiles(dir, new Set([...base.keys(), ...theirs.keys()]));
  const files = planUpdate({ base, theirs, ours, version: GENERATOR_VERSION, moves: projectMoves(answers) });
  const answersFile = theirs.get(ANSWERS_FILE);
  const plan: UpdatePlan = { record, files, answersFile: answersFile === ours.get(ANSWERS_FILE) ? undefined : answersFile };
  const fieldRules = fieldRuleChanges(record);
  const withRules = fieldRules.length > 0 ? { ...plan, fieldRules } : plan;
  return migration ? { ...withRules, fieldMigration: migration } : withRules;
}

/**
 * The base must be exactly what the recorded version rendered: otherwise the owner's edits would be
 * mistaken for template text (or the reverse). The manifest tells, without the old files at hand.
 */
function checkBaseAgainstRecord(rebuilt: Record<string, string>, recorded: Record<string, string>, version: string, { from, command }: UpdateOptions): void {
  if (isDeepStrictEqual(rebuilt, recorded)) return;
  const paths = new Set([...Object.keys(rebuilt), ...Object.keys(recorded)]);
  const differing = [...paths].filter((path) => rebuilt[path] !== recorded[path]).sort();
  const source = from === undefined ? `create-item-service ${version}` : `the package of ${version} in ${from}`;
  throw new LifecycleError(
    `${source} does not render what the project recorded (${differing.length} of ${paths.size} files differ, e.g. ${differing[0]}): ` +
      `the project was generated by another build of ${version}. Pass --from that very build, or generate afresh into another folder ` +
      `(${command ?? 'create-item-service'} --answers ${ANSWERS_FILE} --out <dir>) and carry your edits over by hand`,
  );
}

/** The top-level answers as the file holds them, without the record. */
function answersAsWritten(record: ProjectRecord): Record<string, unknown> {
  const { entity, port, managementPort, fields, migrations } = record.answers;
  return JSON.parse(JSON.stringify({ entity, port, managementPort, fields, migrations })) as Record<string, unknown>;
}

/**
 * An update on top of uncommitted changes to tracked files would mix them into its own in `git diff`.
 * The owner's usual case is the edit of the answers file that asks for the update: then say to commit it.
 */
function refuseUncommittedChanges(dir: string): void {
  // Untracked files (the package-lock.json a first npm install writes) never show in git diff: they blur nothing.
  const changes = uncommittedChanges(dir)?.filter((line) => !line.startsWith('?? '));
  if (changes === undefined || changes.length === 0) return;
  // Porcelain paths are relative to the repository's top, which may lie above the project.
  const paths = changes.map((line) => line.slice(3).trim());
  const why = 'so that git diff then shows exactly what the update changed, or pass --allow-dirty to update on top of it';
  if (paths.length === 1 && (paths[0] === ANSWERS_FILE || paths[0]?.endsWith(`/${ANSWERS_FILE}`))) {
    throw new LifecycleError(`${ANSWERS_FILE} has an uncommitted edit: commit it first (git commit -am "Add a field"), ${why}`);
  }
  throw new LifecycleError(
    `${dir} has uncommitted changes (${changes.length}, e.g. "${changes[0]?.trim()}"): commit them first (git add -A && git commit), ${why.replace('of it', 'of them')}`,
  );
}

/** Writes each file atomically, and the answers file last: an interrupted update can simply be run again. */
function applyPlan(dir: string, plan: UpdatePlan): void {
  const steps = plan.files.filter((file) => WRITES.has(file.action) || file.action === 'delete');
  for (const file of steps) {
    try {
      if (file.action === 'delete') removeFile(dir, file.path);
      else writeFileAtomically(dir, file.path, file.content ?? '');
      // Removed only once the new path holds the file: a run that stops in between is simply run again.
      if (file.move && file.action !== 'delete') removeFile(dir, file.move.from);
    } catch (error) {
      throw new LifecycleError(
        `cannot ${file.action === 'delete' ? 'delete' : 'write'} ${file.path} (${(error as Error).message}); ` +
          'the record was not updated: fix the cause and run update again',
      );
    }
  }
  if (plan.answersFile !== undefined) writeFileAtomically(dir, ANSWERS_FILE, plan.answersFile);
}
