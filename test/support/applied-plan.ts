import { WRITES, type FileMap, type PlannedUpdate } from '../../src/lifecycle/merge.js';

/** The files after carrying out a plan on `ours`, as update-command applies it (a move removes its old path). */
export function applied(ours: FileMap, plan: PlannedUpdate[]): Map<string, string> {
  const result = new Map(ours);
  for (const file of plan) {
    if (WRITES.has(file.action)) result.set(file.path, file.content ?? '');
    if (file.action === 'delete') result.delete(file.path);
    if (file.move && WRITES.has(file.action)) result.delete(file.move.from);
  }
  return result;
}
