import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { RenderedFiles } from '../render/render.js';

/** What writing a file would do: create it, leave an identical one alone, or replace a different one. */
export type FileStatus = 'create' | 'identical' | 'conflict';

export interface PlannedFile {
  path: string;
  status: FileStatus;
}

/** Compares the rendered files with what is on disk, without writing anything. */
export function planFiles(files: RenderedFiles, outDir: string): PlannedFile[] {
  return [...files].map(([path, content]) => ({ path, status: compareWithDisk(join(outDir, path), content) }));
}

/** Writes the files that are new or different; identical files are not touched. */
export function writeFiles(files: RenderedFiles, plan: PlannedFile[], outDir: string): void {
  for (const { path, status } of plan) {
    if (status === 'identical') continue;
    const target = join(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, files.get(path) ?? '');
  }
}

/** True when the folder does not exist or has no entries. */
export function isEmptyFolder(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

function compareWithDisk(target: string, content: string): FileStatus {
  let existing: string;
  try {
    existing = readFileSync(target, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'create';
    throw error;
  }
  return existing === content ? 'identical' : 'conflict';
}
