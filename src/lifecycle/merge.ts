import { diff3Merge } from 'node-diff3';

import { ENV_FILE } from '../project-files/secrets.js';
import { ANSWERS_FILE } from '../answers/answers-file.js';

/** A set of files by relative path; the disk side holds only files that exist. */
export type FileMap = ReadonlyMap<string, string>;

/**
 * What `update` does with one file:
 * - `create`: this version adds it; `update`: the owner did not edit it, it takes the new rendering;
 * - `merge`: both changed it, merged cleanly; `conflict`: both changed it, written with markers;
 * - `keep`: only the owner changed it; `current`: it already is what this version renders;
 * - `delete`: no longer rendered and unedited; `keep-obsolete`: no longer rendered but edited, kept;
 * - `stay-deleted`: the owner deleted it, it stays deleted;
 * - `unresolved`: it still holds conflict markers of this version (from an update run before): left as it is.
 */
export type UpdateAction =
  | 'create' | 'update' | 'merge' | 'conflict' | 'keep' | 'current' | 'delete' | 'keep-obsolete' | 'stay-deleted' | 'unresolved';

export interface PlannedUpdate {
  path: string;
  action: UpdateAction;
  /** The new content, for the actions that write. */
  content?: string;
  /** Conflict blocks written into the file. */
  conflicts?: number;
}

export interface UpdateInput {
  /** What the recorded version rendered from the recorded answers. */
  base: FileMap;
  /** What this version renders from the current answers. */
  theirs: FileMap;
  /** The files on disk (those of `base` and `theirs` that exist). */
  ours: FileMap;
  /** Labels the generator's side of a conflict: `>>>>>>> create-item-service <version>`. */
  version: string;
}

/** The actions that change the disk. */
export const WRITES: ReadonlySet<UpdateAction> = new Set(['create', 'update', 'merge', 'conflict']);

/** Files `update` never plans: the answers file is written by the command itself, last; `.env` is the owner's. */
const NOT_PLANNED = new Set([ANSWERS_FILE, ENV_FILE]);

/**
 * Plans an update, file by file, in path order. Pure: it reads nothing and writes nothing, so the
 * same plan serves `--dry-run` and the real run, and properties can be checked on it directly.
 */
export function planUpdate({ base, theirs, ours, version }: UpdateInput): PlannedUpdate[] {
  const paths = [...new Set([...base.keys(), ...theirs.keys()])].filter((path) => !NOT_PLANNED.has(path)).sort();
  const plan: PlannedUpdate[] = [];
  for (const path of paths) {
    const planned = planFile(path, base.get(path), theirs.get(path), ours.get(path), version);
    if (planned) plan.push(planned);
  }
  return plan;
}

function planFile(
  path: string,
  base: string | undefined,
  theirs: string | undefined,
  disk: string | undefined,
  version: string,
): PlannedUpdate | undefined {
  // A checkout with CRLF line ends (git's autocrlf on Windows) is compared and merged as LF, and
  // whatever is written keeps the owner's line ends: CRLF alone is no edit and no conflict.
  const crlf = disk?.includes('\r\n') === true;
  const ours = crlf ? disk?.replaceAll('\r\n', '\n') : disk;
  const written = (content: string) => (crlf ? content.replaceAll('\n', '\r\n') : content);
  if (theirs === undefined) {
    // No longer rendered (base must hold it): remove it only if the owner never touched it.
    if (ours === undefined) return undefined;
    return { path, action: ours === base ? 'delete' : 'keep-obsolete' };
  }
  if (ours === undefined) return base === undefined ? { path, action: 'create', content: theirs } : { path, action: 'stay-deleted' };
  if (ours === theirs) return { path, action: 'current' };
  if (ours === base) return { path, action: 'update', content: written(theirs) };
  if (theirs === base) return { path, action: 'keep' };
  // Merging a file again would nest its markers: an interrupted update is simply run again.
  if (ours.split('\n').includes(theirsMarker(version))) return { path, action: 'unresolved' };
  // Both sides changed it (or both added it): an absent base is an empty file.
  const merged = mergeThreeWay(ours, base ?? '', theirs, version);
  return merged.conflicts === 0
    ? { path, action: 'merge', content: written(merged.content) }
    : { path, action: 'conflict', content: written(merged.content), conflicts: merged.conflicts };
}

/**
 * Merges line by line with diff3. Conflicting hunks are written inline, the owner's lines first:
 *
 *   <<<<<<< yours
 *   (the owner's lines)
 *   =======
 *   (this version's lines)
 *   >>>>>>> create-item-service 1.2.0
 */
export function mergeThreeWay(ours: string, base: string, theirs: string, version: string): { content: string; conflicts: number } {
  const regions = diff3Merge(ours.split('\n'), base.split('\n'), theirs.split('\n'));
  const lines: string[] = [];
  let conflicts = 0;
  for (const { ok, conflict } of regions) {
    if (ok) lines.push(...ok);
    if (conflict) {
      conflicts += 1;
      lines.push('<<<<<<< yours', ...conflict.a, '=======', ...conflict.b, theirsMarker(version));
    }
  }
  return { content: lines.join('\n'), conflicts };
}

function theirsMarker(version: string): string {
  return `>>>>>>> create-item-service ${version}`;
}
