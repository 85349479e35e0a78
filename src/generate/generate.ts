import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { ANSWERS_FILE, parseAnswersJson } from '../answers/answers-file.js';
import { recordGeneration } from '../project-files/record.js';
import { entityNames } from '../names/entity-names.js';
import type { Answers } from '../answers/answers.js';
import { loadTemplates, render, type RenderedFiles } from '../render/render.js';
import { createSecrets, ENV_FILE, writeEnvFile, type LocalSecrets } from '../project-files/secrets.js';
import { GENERATOR_VERSION } from '../version.js';
import { isEmptyFolder, planFiles, writeFiles, type PlannedFile } from './write.js';

export interface GenerateOptions {
  answers: Answers;
  outDir: string;
  /** How messages name the folder (what the user typed); `outDir` unless given. */
  outLabel?: string;
  /** Plan only: report what would be written and write nothing. */
  dryRun?: boolean;
  /**
   * Allow writing into a folder that already has files (different files are replaced), unless
   * the folder is a project generated for another entity.
   */
  force?: boolean;
  /** How messages name the generator's command, for `status` and `update` (see generatorCommand). */
  command?: string;
}

export interface GenerateResult {
  outDir: string;
  files: RenderedFiles;
  plan: PlannedFile[];
  written: boolean;
  /**
   * The local `.env` with random credentials: 'created' (with the secrets, to show once),
   * 'kept' (one existed), or 'planned' on a dry run.
   */
  env: { status: 'created'; secrets: LocalSecrets } | { status: 'kept' | 'planned' };
}

/** A problem the user can fix; the CLI prints its message without a stack trace. */
export class GenerateError extends Error {
  override name = 'GenerateError';
}

let templates: ReturnType<typeof loadTemplates> | undefined;

/** Renders the answers with the packaged templates. */
export function renderProject(answers: Answers): RenderedFiles {
  templates ??= loadTemplates();
  return render(answers, templates, GENERATOR_VERSION);
}

/**
 * The entity a generated project in `outDir` was made for, from its answers file; undefined when
 * the folder has none. Regenerating another entity over it would leave the old entity's files
 * and migrations behind, and the project would no longer compile.
 */
function existingEntity(outDir: string, label: string): string | undefined {
  const path = join(outDir, ANSWERS_FILE);
  if (!existsSync(path)) return undefined;
  let entity: unknown;
  try {
    ({ entity } = parseAnswersJson(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new GenerateError(`${label}/${ANSWERS_FILE}: ${(error as Error).message}; fix or remove it before writing into ${label}`);
  }
  if (typeof entity === 'string') return entity;
  throw new GenerateError(`${label}/${ANSWERS_FILE} names no entity; fix or remove it before writing into ${label}`);
}

/**
 * Renders the project and writes it to `outDir`, unless `dryRun`, then creates a git-ignored
 * `.env` with random credentials beside the rendered files (an existing one is kept).
 * Refuses, before writing anything, a non-empty folder without `force`, and a project generated
 * for another entity even with `force`.
 */
export function generate(options: GenerateOptions): GenerateResult {
  const outDir = resolve(options.outDir);
  const label = options.outLabel ?? options.outDir;
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) {
    throw new GenerateError(`${label} exists and is not a folder`);
  }
  const existing = existingEntity(outDir, label);
  const wanted = entityNames(options.answers.entity).className;
  if (existing !== undefined && entityNames(existing).className !== wanted) {
    throw new GenerateError(
      `${label} holds the generated ${entityNames(existing).className} service (${ANSWERS_FILE}); ` +
        `--force regenerates the same entity only: write ${wanted} into another --out folder`,
    );
  }
  if (!options.force && !isEmptyFolder(outDir)) {
    const command = options.command ?? 'create-item-service';
    throw new GenerateError(
      existing === undefined
        ? `${label} is not empty; choose another --out folder or pass --force`
        : `${label} holds the generated ${wanted} service already: in it, ${command} status says what changed ` +
            `and ${command} update brings it to this version and its answers, keeping your edits (--force would replace edited files)`,
    );
  }
  // The answers file records a hash per rendered file: `status` and `update` tell the owner's edits by it.
  const files = recordGeneration(renderProject(options.answers));
  if (files.has(ENV_FILE)) throw new Error(`the templates must not render ${ENV_FILE}: it holds per-project secrets`);
  const plan = planFiles(files, outDir);
  if (options.dryRun) return { outDir, files, plan, written: false, env: { status: 'planned' } };
  writeFiles(files, plan, outDir);
  const secrets = createSecrets({ tenancy: options.answers.tenantClaim !== undefined });
  const env = writeEnvFile(outDir, secrets) === 'created' ? { status: 'created' as const, secrets } : { status: 'kept' as const };
  return { outDir, files, plan, written: true, env };
}
