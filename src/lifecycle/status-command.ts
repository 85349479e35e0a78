import { loadTemplates, render } from '../render/render.js';
import { GENERATOR_VERSION } from '../version.js';
import { consoleOutput, readFiles, readProject, type Output } from './project.js';
import { fieldRuleChanges, migrationNumbersOnDisk, withFieldMigration } from './field-migration.js';
import { LifecycleError, type ProjectRecord } from '../project-files/record.js';
import { projectMoves } from './moves.js';
import { projectStatus, type ProjectStatus } from './status.js';
import { printStatus } from './status-report.js';
import { updateSubject } from './update-plan.js';

export interface StatusOptions {
  /** Print one JSON document (for CI) instead of the summary. */
  json?: boolean;
  /** List every generated file, not only those that need attention. */
  all?: boolean;
  /** How the messages name the generator's command (see generatorCommand); `create-item-service` unless given. */
  command?: string;
}

/**
 * `create-item-service status [dir] [--all] [--json]`: how many generated files are in each state,
 * and those that need attention (with `--all` or `--json`, every file the generator owns).
 * Returns the exit code: 0 when no update is pending, 1 when one is or a file still holds conflict
 * markers from the last one, 2 when the project cannot be read.
 */
export function statusCommand(dir = '.', options: StatusOptions = {}, output: Output = consoleOutput): number {
  let status: ProjectStatus;
  let subject: string;
  try {
    const record = readProject(dir);
    status = statusOf(dir, record, options.command ?? 'create-item-service');
    subject = updateSubject(record, GENERATOR_VERSION);
  } catch (error) {
    if (!(error instanceof LifecycleError)) throw error;
    if (options.json) output.log(JSON.stringify({ error: error.message }, null, 2));
    output.error(`error: ${error.message}`);
    return 2;
  }
  if (options.json) output.log(JSON.stringify(status, null, 2));
  else printStatus(status, subject, { all: options.all === true, command: options.command ?? 'create-item-service' }, output);
  // Conflict markers left by an update mean it is not finished either.
  return status.updatePending || status.files.some((file) => file.state === 'conflicted') ? 1 : 0;
}

/** Reads the project and compares it with its record and with this version's rendering. */
export function readStatus(dir: string): ProjectStatus {
  return statusOf(dir, readProject(dir), 'create-item-service');
}

function statusOf(dir: string, record: ProjectRecord, command: string): ProjectStatus {
  // A change of the fields is pending like a new version is: update would render these answers.
  const { answers, migration } = withFieldMigration(record, migrationNumbersOnDisk(dir));
  const newFiles = render(answers, loadTemplates(), GENERATOR_VERSION);
  let manifest = record.generated?.files;
  if (manifest === undefined && record.generatorVersion !== GENERATOR_VERSION) {
    throw new LifecycleError(
      `create-item-service.json records no file hashes (the project predates them), so edits cannot be told apart: ` +
        `run ${command} update --from <create-item-service ${record.generatorVersion}> once`,
    );
  }
  // An older project made by this very version: its rendering is the record.
  const baseFiles = manifest === undefined ? newFiles : undefined;
  const paths = new Set([...Object.keys(manifest ?? {}), ...newFiles.keys()]);
  const status = projectStatus({
    disk: readFiles(dir, paths),
    manifest,
    baseFiles,
    newFiles,
    recordedVersion: record.generatorVersion,
    generatorVersion: GENERATOR_VERSION,
    moves: projectMoves(answers),
  });
  const fieldRules = fieldRuleChanges(record);
  const withRules = fieldRules.length > 0 ? { ...status, fieldRules } : status;
  return migration ? { ...withRules, updatePending: true, fieldMigration: migration } : withRules;
}
