import { diff3Merge } from 'node-diff3';

import { ENV_FILE } from '../project-files/secrets.js';
import { ANSWERS_FILE } from '../answers/answers-file.js';
import { movesBetween, type Move } from './moves.js';

/** A set of files by relative path; the disk side holds only files that exist. */
export type FileMap = ReadonlyMap<string, string>;

/**
 * What `update` does with one file:
 * - `create`: this version adds it; `update`: the owner did not edit it, it takes the new rendering;
 * - `merge`: both changed it, merged cleanly; `conflict`: both changed it, written with markers;
 * - `keep`: only the owner changed it; `current`: it already is what this version renders;
 * - `delete`: no longer rendered and unedited; `keep-obsolete`: no longer rendered but edited, kept;
 * - `stay-deleted`: the owner deleted it, it stays deleted;
 * - `unresolved`: it still holds conflict markers of this version (from an update run before): left as it is;
 * - `move`: this version renders it at another path (see moves.ts): written there with the owner's
 *   edits, the old file removed; `move-merge` and `move-conflict` when both sides changed it on the way;
 * - `move-blocked`: the new path already holds a file of the owner's: the old file is left where it is.
 */
export type UpdateAction =
  | 'create' | 'update' | 'merge' | 'conflict' | 'keep' | 'current' | 'delete' | 'keep-obsolete' | 'stay-deleted' | 'unresolved'
  | 'move' | 'move-merge' | 'move-conflict' | 'move-blocked';

export interface PlannedUpdate {
  /** The file's path; for a move, the new one (the old one for `move-blocked`). */
  path: string;
  action: UpdateAction;
  /** The content to write, for the actions that write. */
  content?: string;
  /** Conflict blocks written into the file. */
  conflicts?: number;
  /** The declared move the file follows, when it has one. */
  move?: Move;
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
  /** The moves this version declares (moves.ts); those between base and theirs are carried as moves. */
  moves?: readonly Move[];
}

/** The actions that change the disk (a move also removes its old path). */
export const WRITES: ReadonlySet<UpdateAction> = new Set(['create', 'update', 'merge', 'conflict', 'move', 'move-merge', 'move-conflict']);

/** The actions that leave conflict markers for the owner to resolve. */
export const CONFLICTS: ReadonlySet<UpdateAction> = new Set(['conflict', 'move-conflict', 'unresolved']);

/** Files `update` never plans: the answers file is written by the command itself, last; `.env` is the owner's. */
const NOT_PLANNED = new Set([ANSWERS_FILE, ENV_FILE]);

/**
 * Plans an update, file by file, in path order. Pure: it reads nothing and writes nothing, so the
 * same plan serves `--dry-run` and the real run, and properties can be checked on it directly.
 */
export function planUpdate({ base, theirs, ours, version, moves = [] }: UpdateInput): PlannedUpdate[] {
  const applying = movesBetween(moves, base, theirs).filter(({ from, to }) => !NOT_PLANNED.has(from) && !NOT_PLANNED.has(to));
  const moved = new Set(applying.flatMap(({ from, to }) => [from, to]));
  const paths = [...new Set([...base.keys(), ...theirs.keys()])].filter((path) => !NOT_PLANNED.has(path) && !moved.has(path));
  const plan: PlannedUpdate[] = [];
  for (const path of paths) {
    const planned = planFile(path, base.get(path), theirs.get(path), ours.get(path), version);
    if (planned) plan.push(planned);
  }
  for (const move of applying) {
    plan.push(...planMove(move, base.get(move.from) ?? '', theirs.get(move.to) ?? '', ours.get(move.from), ours.get(move.to), version));
  }
  return plan.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function planFile(
  path: string,
  base: string | undefined,
  theirs: string | undefined,
  disk: string | undefined,
  version: string,
): PlannedUpdate | undefined {
  if (theirs === undefined) {
    // No longer rendered (base must hold it): remove it only if the owner never touched it.
    if (disk === undefined) return undefined;
    return { path, action: lineEnds(disk).text === base ? 'delete' : 'keep-obsolete' };
  }
  if (disk === undefined) return base === undefined ? { path, action: 'create', content: theirs } : { path, action: 'stay-deleted' };
  const ours = lineEnds(disk);
  const result = outcome(base, theirs, ours.text, version);
  if (result.kind === 'current' || result.kind === 'keep' || result.kind === 'unresolved') return { path, action: result.kind };
  const planned: PlannedUpdate = { path, action: result.kind, content: ours.written(result.content) };
  return result.conflicts === undefined ? planned : { ...planned, conflicts: result.conflicts };
}

/**
 * A declared move: the owner's file at the old path, with this version's changes merged in as for
 * any file, is written at the new path and the old one removed. `base` is the old path's base
 * rendering, `theirs` the new path's rendering.
 */
function planMove(move: Move, base: string, theirs: string, oldDisk: string | undefined, newDisk: string | undefined, version: string): PlannedUpdate[] {
  if (oldDisk === undefined) {
    // Deleted by the owner; or moved already (by hand, or by an update that stopped before writing
    // its record): the file at the new path then has the old one's base.
    if (newDisk === undefined) return [{ path: move.to, action: 'stay-deleted', move }];
    const planned = planFile(move.to, base, theirs, newDisk, version);
    return planned ? [{ ...planned, move }] : [];
  }
  const old = lineEnds(oldDisk);
  const result = outcome(base, theirs, old.text, version);
  const content = old.written(result.content);
  // A file of the owner's at the new path is theirs to reconcile: it meets this version's as any
  // file both sides added, and the old file stays. The new path holding exactly what the move
  // writes is an update that stopped before removing the old file: the move is simply done again.
  if (newDisk !== undefined && newDisk !== content) {
    const added = planFile(move.to, undefined, theirs, newDisk, version);
    return [{ path: move.from, action: 'move-blocked', move }, ...(added ? [added] : [])];
  }
  const action = result.kind === 'conflict' ? 'move-conflict' : result.kind === 'merge' ? 'move-merge' : 'move';
  const planned: PlannedUpdate = { path: move.to, action, content, move };
  return result.conflicts === undefined ? [planned] : [{ ...planned, conflicts: result.conflicts }];
}

/** What a file the owner has (as LF) becomes with this version's rendering, given the recorded one. */
interface Outcome {
  kind: 'current' | 'update' | 'keep' | 'merge' | 'conflict' | 'unresolved';
  /** The file's new text, as LF. */
  content: string;
  conflicts?: number;
}

function outcome(base: string | undefined, theirs: string, ours: string, version: string): Outcome {
  if (ours === theirs) return { kind: 'current', content: ours };
  if (ours === base) return { kind: 'update', content: theirs };
  if (theirs === base) return { kind: 'keep', content: ours };
  // Merging a file again would nest its markers: an interrupted update is simply run again.
  if (ours.split('\n').includes(theirsMarker(version))) return { kind: 'unresolved', content: ours };
  // Both sides changed it (or both added it): an absent base is an empty file.
  const merged = mergeThreeWay(ours, base ?? '', theirs, version);
  return merged.conflicts === 0 ? { kind: 'merge', content: merged.content } : { kind: 'conflict', content: merged.content, conflicts: merged.conflicts };
}

/**
 * A checkout with CRLF line ends (git's autocrlf on Windows) is compared and merged as LF, and
 * whatever is written keeps the owner's line ends: CRLF alone is no edit and no conflict.
 */
function lineEnds(disk: string): { text: string; written: (content: string) => string } {
  if (!disk.includes('\r\n')) return { text: disk, written: (content) => content };
  return { text: disk.replaceAll('\r\n', '\n'), written: (content) => content.replaceAll('\n', '\r\n') };
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
