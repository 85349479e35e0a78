import { ENV_FILE } from '../project-files/secrets.js';
import type { PendingFieldMigration } from './field-migration.js';
import type { FileMap } from './merge.js';
import { movesBetween, type Move } from './moves.js';
import { ANSWERS_FILE } from '../answers/answers-file.js';
import { hashContent, manifestOf, type Manifest } from '../project-files/record.js';

/**
 * A file compared with what the recorded version rendered: `unchanged`, `edited` by the owner,
 * `missing` (the owner deleted it), or `conflicted`: edited and still holding a conflict block
 * that `update` wrote. A file the recorded version did not render has no state unless
 * one is on disk, which is then `edited` (or `unchanged` when it already matches the new rendering).
 */
export type LocalState = 'unchanged' | 'edited' | 'missing' | 'conflicted';

/** The last line of a conflict block `update` writes; a file holding one is not resolved yet. */
const CONFLICT_END = /^>>>>>>> create-item-service \S+$/m;

/** What this version would change: renders it differently, adds it, no longer renders it, or renders it at another path. */
export type PendingChange = 'update' | 'new' | 'obsolete' | 'move';

export interface FileStatus {
  /** The file's path; for a move, the new one. */
  path: string;
  state: LocalState | null;
  change: PendingChange | null;
  /** For a move: the path the file has now (see moves.ts). */
  from?: string;
}

export interface ProjectStatus {
  /** The version that generated (or last updated) the project. */
  recordedVersion: string;
  /** This generator's version. */
  generatorVersion: string;
  /** True when `update` has something to do; the owner's own edits alone never make it true. */
  updatePending: boolean;
  files: FileStatus[];
  /** The migration `update` would add for a change of the answers file's fields. */
  fieldMigration?: PendingFieldMigration;
  /** The fields' rules, examples and descriptions the owner changed in the answers file, per field (see ruleChanges). */
  fieldRules?: string[];
}

export interface StatusInput {
  /** The project's files that exist on disk, by relative path. */
  disk: FileMap;
  /** The recorded hashes; without them (an old project), the hashes of `baseFiles`. */
  manifest?: Manifest;
  baseFiles?: FileMap;
  /** What this version renders from the current answers. */
  newFiles: FileMap;
  recordedVersion: string;
  generatorVersion: string;
  /** The moves this version declares (moves.ts). */
  moves?: readonly Move[];
}

/** Files the generator does not own: the answers file is its record, `.env` holds the owner's secrets. */
const NOT_OWNED = new Set([ANSWERS_FILE, ENV_FILE]);

/** Compares disk, record and new rendering, file by file in path order. Pure. */
export function projectStatus(input: StatusInput): ProjectStatus {
  const manifest = input.manifest ?? (input.baseFiles ? manifestOf(new Map(input.baseFiles)) : undefined);
  if (manifest === undefined) throw new Error('projectStatus needs the recorded manifest or the base files');
  const recorded = new Map(Object.entries(manifest));
  const moves = movesBetween(input.moves ?? [], recorded, input.newFiles).filter(({ from, to }) => !NOT_OWNED.has(from) && !NOT_OWNED.has(to));
  const moved = new Set(moves.flatMap(({ from, to }) => [from, to]));
  const paths = [...recorded.keys(), ...input.newFiles.keys()].filter((path) => !NOT_OWNED.has(path) && !moved.has(path));
  const files = [...new Set(paths)].map((path) => fileStatus(path, manifest[path], input.newFiles.get(path), input.disk.get(path)));
  for (const { from, to } of moves) {
    // The owner's file is the old one, or the new one once it was moved by hand.
    const { state } = fileStatus(from, manifest[from], undefined, input.disk.get(from) ?? input.disk.get(to));
    files.push({ path: to, state, change: 'move', from });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const updatePending = input.recordedVersion !== input.generatorVersion || files.some((file) => file.change !== null);
  return { recordedVersion: input.recordedVersion, generatorVersion: input.generatorVersion, updatePending, files };
}

function fileStatus(path: string, recorded: string | undefined, rendered: string | undefined, disk: string | undefined): FileStatus {
  if (recorded === undefined) {
    // New in this version: an owner's file may already sit at that path.
    const state =
      disk === undefined ? null : disk.replaceAll('\r\n', '\n') === rendered ? 'unchanged' : CONFLICT_END.test(disk) ? 'conflicted' : 'edited';
    return { path, state, change: 'new' };
  }
  // CRLF line ends from a Windows checkout are no edit (update merges such files as LF too).
  const state =
    disk === undefined
      ? 'missing'
      : hashContent(disk.replaceAll('\r\n', '\n')) === recorded
        ? 'unchanged'
        : CONFLICT_END.test(disk)
          ? 'conflicted'
          : 'edited';
  if (rendered === undefined) return { path, state, change: 'obsolete' };
  return { path, state, change: hashContent(rendered) === recorded ? null : 'update' };
}
