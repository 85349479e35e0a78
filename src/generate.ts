import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

import { loadTemplates, render, type Answers, type RenderedFiles } from './render.js';
import { createSecrets, ENV_FILE, writeEnvFile, type LocalSecrets } from './secrets.js';
import { GENERATOR_VERSION } from './version.js';
import { isEmptyFolder, planFiles, writeFiles, type PlannedFile } from './write.js';

export interface GenerateOptions {
  answers: Answers;
  outDir: string;
  /** Plan only: report what would be written and write nothing. */
  dryRun?: boolean;
  /** Allow writing into a folder that already has files (different files are replaced). */
  force?: boolean;
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
 * Renders the project and writes it to `outDir`, unless `dryRun`, then creates a git-ignored
 * `.env` with random credentials beside the rendered files (an existing one is kept).
 * Refuses a non-empty folder without `force`, before writing anything.
 */
export function generate(options: GenerateOptions): GenerateResult {
  const outDir = resolve(options.outDir);
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) {
    throw new GenerateError(`${options.outDir} exists and is not a folder`);
  }
  if (!options.force && !isEmptyFolder(outDir)) {
    throw new GenerateError(`${options.outDir} is not empty; choose another --out folder or pass --force`);
  }
  const files = renderProject(options.answers);
  if (files.has(ENV_FILE)) throw new Error(`the templates must not render ${ENV_FILE}: it holds per-project secrets`);
  const plan = planFiles(files, outDir);
  if (options.dryRun) return { outDir, files, plan, written: false, env: { status: 'planned' } };
  writeFiles(files, plan, outDir);
  const secrets = createSecrets();
  const env = writeEnvFile(outDir, secrets) === 'created' ? { status: 'created' as const, secrets } : { status: 'kept' as const };
  return { outDir, files, plan, written: true, env };
}
