import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

import type { Answers } from '../answers/answers.js';
import { loadTemplates, render, type RenderedFiles } from '../render/render.js';
import { ENV_FILE } from '../project-files/secrets.js';
import { basePackage, PACKAGE_BIN, type BasePackage, type BasePackageOptions } from './base-package.js';
import { LifecycleError } from '../project-files/record.js';

export interface BaseRenderingOptions extends BasePackageOptions {
  /** This generator's version: when the project was made by it, it renders the base itself. */
  thisVersion: string;
  /** The recorded answers, as this version reads them. */
  answers: Answers;
  /** The same answers exactly as the recorded version wrote them, for that version to read. */
  answersAsWritten: Record<string, unknown>;
}

/**
 * What the recorded version rendered from the recorded answers: the base of the three-way merge.
 * Most of a project is written by the generator's code, not only by its templates, so an older
 * version's base is rendered by that version's own package, run as its command
 * (`create-item-service --answers <file> --out <dir> --yes`, stable since 0.1.0), never by this code.
 */
export function renderBase(options: BaseRenderingOptions): RenderedFiles {
  if (options.from === undefined && options.version === options.thisVersion) {
    return render(options.answers, loadTemplates(), options.thisVersion);
  }
  return renderWithPackage(basePackage(options), options.answersAsWritten, options.env ?? process.env);
}

/** Runs a package's own command on the answers in a scratch folder and reads back what it wrote. */
function renderWithPackage(pkg: BasePackage, answers: Record<string, unknown>, env: NodeJS.ProcessEnv): RenderedFiles {
  const work = mkdtempSync(join(tmpdir(), 'create-item-service-base-'));
  try {
    const answersFile = join(work, 'answers.json');
    writeFileSync(answersFile, `${JSON.stringify(answers, null, 2)}\n`);
    const out = join(work, 'project');
    const result = spawnSync(process.execPath, [join(pkg.folder, PACKAGE_BIN), '--answers', answersFile, '--out', out, '--yes'], {
      cwd: work,
      encoding: 'utf8',
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    if (result.status !== 0) throw new LifecycleError(renderFailure(pkg, result.error?.message ?? result.stderr));
    return readRendered(out);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function renderFailure(pkg: BasePackage, stderr: string): string {
  if (/ERR_MODULE_NOT_FOUND|Cannot find (package|module)/.test(stderr)) {
    return `${pkg.shownAs} cannot run: its dependencies are not installed (npm install --omit=dev in ${pkg.folder}), or pass its .tgz`;
  }
  const reason = stderr.trim().split('\n').find((line) => line.trim() !== '') ?? 'no message';
  return `${pkg.shownAs} could not render the recorded answers: ${reason}`;
}

/**
 * Every file the command wrote, by relative path in path order; `.env` holds its fresh secrets and
 * `.git` the repository a version may make of the project: neither is a rendering.
 */
function readRendered(dir: string): RenderedFiles {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && relative(dir, entry.parentPath).split(sep)[0] !== '.git')
    .map((entry) => {
      const absolute = join(entry.parentPath, entry.name);
      return [relative(dir, absolute).split(sep).join('/'), readFileSync(absolute, 'utf8')] as const;
    })
    .filter(([path]) => path !== ENV_FILE);
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(files);
}
