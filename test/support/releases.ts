/**
 * Real releases of the generator for the lifecycle tests: the working tree's sources (code and
 * templates) copied, changed the way a release changes them, built and packed with `npm pack`,
 * exactly as a published version is. Each release's own command renders its projects.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { Answers } from '../../src/answers/answers.js';
import type { RenderedFiles } from '../../src/render/render.js';
import { readTree, root, tempDir } from './helpers.js';

/** One change of a release to the sources, paths relative to the package root (`src/...`, `templates/...`). */
export type SourceEdit =
  | { path: string; from: string; to: string }
  | { rename: string; to: string }
  | { remove: string }
  | { add: string; content: string }
  | ((sourceRoot: string) => void);

/** A packed release: its `.tgz`, and the same package unpacked and runnable (`--from` takes either). */
export interface PackedRelease {
  version: string;
  tarball: string;
  dir: string;
  /** What this release's own command writes for the answers (without the `.env` it adds). */
  generate(answers: Answers): RenderedFiles;
}

const SOURCES = ['package.json', 'package-lock.json', 'tsconfig.json', 'README.md', 'bin', 'src', 'templates', 'scripts/link-command.ts'];

/**
 * Builds a release from the working tree with the edits applied, in a folder of its own:
 * `npm pack` runs the package's own prepack and prepare (the shrinkwrap and the build).
 */
export function buildRelease(version: string, edits: SourceEdit[]): PackedRelease {
  const work = tempDir(`create-item-service-release-${version}-`);
  const source = join(work, 'source');
  for (const name of SOURCES) cpSync(join(root, name), join(source, name), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
  for (const edit of edits) applyEdit(source, edit);
  for (const file of ['package.json', 'package-lock.json']) {
    const json = JSON.parse(readFileSync(join(source, file), 'utf8')) as { version: string; packages?: Record<string, { version?: string }> };
    json.version = version;
    if (json.packages?.['']) json.packages[''].version = version;
    writeFileSync(join(source, file), `${JSON.stringify(json, null, 2)}\n`);
  }
  const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: source, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm pack of release ${version} failed:\n${packed.stdout}\n${packed.stderr}`);
  const tarball = join(work, readdirSync(work).find((name) => name.endsWith('.tgz')) ?? 'none.tgz');
  const unpacked = join(work, 'unpacked');
  mkdirSync(unpacked);
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`cannot unpack ${tarball}: ${untar.stderr}`);
  const dir = join(unpacked, 'package');
  // The same dependency versions the shrinkwrap pins, without an install per test.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const renderings = new Map<string, RenderedFiles>();
  return {
    version,
    tarball,
    dir,
    generate: (answers) => {
      const key = JSON.stringify(answers);
      let files = renderings.get(key);
      if (files === undefined) {
        files = generateWith(dir, answers);
        renderings.set(key, files);
      }
      return new Map(files);
    },
  };
}

/** Runs a package's command on the answers, as a user would, and reads back what it wrote. */
export function generateWith(packageDir: string, answers: Answers): RenderedFiles {
  const work = tempDir('create-item-service-generated-');
  try {
    const answersFile = join(work, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    const out = join(work, 'project');
    const result = spawnSync(process.execPath, [join(packageDir, 'bin/create-item-service.js'), '--answers', answersFile, '--out', out, '--yes'], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`generating with ${packageDir} failed:\n${result.stderr}`);
    const tree = readTree(out, ['node_modules', '.git']);
    tree.delete('.env');
    return tree;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Changes the text of a source file, which must hold `from` exactly once. */
export function replaceOnce(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (text.split(from).length !== 2) throw new Error(`${file} does not hold ${JSON.stringify(from)} exactly once: the release fixture needs updating`);
  writeFileSync(file, text.replace(from, to));
}

function applyEdit(source: string, edit: SourceEdit): void {
  if (typeof edit === 'function') return edit(source);
  if ('from' in edit) return replaceOnce(join(source, edit.path), edit.from, edit.to);
  if ('rename' in edit) return renameSync(join(source, edit.rename), join(source, edit.to));
  if ('remove' in edit) return rmSync(join(source, edit.remove));
  mkdirSync(dirname(join(source, edit.add)), { recursive: true });
  writeFileSync(join(source, edit.add), edit.content);
}
