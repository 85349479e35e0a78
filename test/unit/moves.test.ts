import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { planUpdate, type FileMap } from '../../src/lifecycle/merge.js';
import { applied } from '../support/applied-plan.js';
import { hashContent } from '../../src/project-files/record.js';
import { projectStatus } from '../../src/lifecycle/status.js';
import { FILE_BASE, MOVES, projectMoves, resolveMoves } from '../../src/lifecycle/moves.js';
import { printStatus } from '../../src/lifecycle/status-report.js';
import { printPlan } from '../../src/lifecycle/update-report.js';
import { collector } from '../support/output.js';

const VERSION = '9.9.9';
const lines = (...items: string[]) => `${items.join('\n')}\n`;
const move = { from: 'src/database.ts', to: 'src/db/database.ts' };
const moves = [move];
const base = new Map([[move.from, lines('1', '2', '3', '4', '5')]]);
const theirs = new Map([[move.to, lines('1', 'two', '3', '4', '5')]]);

const plan = (ours: FileMap) => planUpdate({ base, theirs, ours, version: VERSION, moves });

// ---

const planning = suite('planUpdate with declared moves');

planning('an unedited file moves and takes the new version; the old path is gone', () => {
  const ours = new Map([[move.from, base.get(move.from) ?? '']]);
  const planned = plan(ours);
  assert.equal(planned.map(({ path, action }) => [path, action]), [[move.to, 'move']]);
  assert.equal(applied(ours, planned), theirs);
});

planning('an edited file moves with its edit merged into the new version', () => {
  const ours = new Map([[move.from, lines('owner', '1', '2', '3', '4', 'five')]]);
  const planned = plan(ours);
  assert.equal(planned.map(({ path, action, move: declared }) => [path, action, declared]), [[move.to, 'move-merge', move]]);
  assert.equal(applied(ours, planned), new Map([[move.to, lines('owner', '1', 'two', '3', '4', 'five')]]));
});

planning('an edit on the line this version changes is a conflict at the new path, the owner\'s side first', () => {
  const ours = new Map([[move.from, lines('1', 'mine', '3', '4', '5')]]);
  const [planned] = plan(ours);
  assert.is(planned?.action, 'move-conflict');
  assert.is(planned?.conflicts, 1);
  assert.equal(applied(ours, plan(ours)), new Map([[move.to, lines('1', '<<<<<<< yours', 'mine', '=======', 'two', `>>>>>>> create-item-service ${VERSION}`, '3', '4', '5')]]));
});

planning('an edit of a file this version only moves is carried as it is', () => {
  const same = new Map([[move.to, base.get(move.from) ?? '']]);
  const ours = new Map([[move.from, lines('1', '2', 'mine', '4', '5')]]);
  const planned = planUpdate({ base, theirs: same, ours, version: VERSION, moves });
  assert.equal(applied(ours, planned), new Map([[move.to, lines('1', '2', 'mine', '4', '5')]]));
});

planning('CRLF line ends are no edit, and the moved file keeps them', () => {
  const ours = new Map([[move.from, lines('owner', '1', '2', '3', '4', '5').replaceAll('\n', '\r\n')]]);
  const [planned] = plan(ours);
  assert.is(planned?.action, 'move-merge');
  assert.is(planned?.content, lines('owner', '1', 'two', '3', '4', '5').replaceAll('\n', '\r\n'));
  const unedited = plan(new Map([[move.from, (base.get(move.from) ?? '').replaceAll('\n', '\r\n')]]));
  assert.is(unedited[0]?.content, (theirs.get(move.to) ?? '').replaceAll('\n', '\r\n'));
});

planning('a file the owner deleted stays deleted', () => {
  assert.equal(plan(new Map()), [{ path: move.to, action: 'stay-deleted', move }]);
});

planning('a file of the owner\'s at the new path meets this version\'s as both added, and the old file stays', () => {
  const ours = new Map([[move.from, lines('1', '2', '3', '4', '5')], [move.to, 'mine\n']]);
  const planned = plan(ours);
  assert.equal(planned.map(({ path, action }) => [path, action]), [[move.from, 'move-blocked'], [move.to, 'conflict']]);
  const result = applied(ours, planned);
  assert.is(result.get(move.from), lines('1', '2', '3', '4', '5'));
  assert.match(result.get(move.to) ?? '', /<<<<<<< yours\nmine\n=======\n1\ntwo/);
});

planning('moved already (by hand, or by an update stopped before its record): merged at the new path from the old base', () => {
  const byHand = new Map([[move.to, lines('owner', '1', '2', '3', '4', '5')]]);
  const planned = plan(byHand);
  assert.equal(planned.map(({ path, action }) => [path, action]), [[move.to, 'merge']]);
  assert.equal(applied(byHand, planned), new Map([[move.to, lines('owner', '1', 'two', '3', '4', '5')]]));
  // Stopped after writing the new path, before removing the old one: run again, the move completes.
  const ours = new Map([[move.from, lines('owner', '1', '2', '3', '4', '5')]]);
  const whole = applied(ours, plan(ours));
  const stopped = new Map([...ours, ...whole]);
  assert.equal(applied(stopped, plan(stopped)), whole);
});

planning('an undeclared rename stays a delete and a create; a declared move whose paths the renderings do not match is ignored', () => {
  const ours = new Map([[move.from, base.get(move.from) ?? '']]);
  assert.equal(planUpdate({ base, theirs, ours, version: VERSION }).map(({ path, action }) => [path, action]), [[move.from, 'delete'], [move.to, 'create']]);
  const both = new Map([...theirs, [move.from, 'still rendered\n']]);
  const planned = planUpdate({ base, theirs: both, ours, version: VERSION, moves });
  assert.equal(planned.map(({ path, action }) => [path, action]), [[move.from, 'update'], [move.to, 'create']]);
});

planning.run();

// ---

const status = suite('projectStatus with declared moves');

status('a moved file is one line: its old and new path, the owner\'s state of it, and the change "move"', () => {
  const manifest = { [move.from]: hashContent(base.get(move.from) ?? ''), other: hashContent('a\n') };
  const newFiles = new Map([...theirs, ['other', 'a\n']]);
  const statusOf = (disk: FileMap) =>
    projectStatus({ disk, manifest, newFiles, recordedVersion: '1.0.0', generatorVersion: '1.1.0', moves }).files.filter((file) => file.path !== 'other');
  assert.equal(statusOf(new Map([[move.from, base.get(move.from) ?? '']])), [{ path: move.to, state: 'unchanged', change: 'move', from: move.from }]);
  assert.equal(statusOf(new Map([[move.from, 'mine\n']])), [{ path: move.to, state: 'edited', change: 'move', from: move.from }]);
  assert.equal(statusOf(new Map()), [{ path: move.to, state: 'missing', change: 'move', from: move.from }]);
  assert.equal(statusOf(new Map([[move.to, base.get(move.from) ?? '']])), [{ path: move.to, state: 'unchanged', change: 'move', from: move.from }]);
});

status.run();

// ---

const reports = suite('moves in the reports');

reports('--dry-run and status name a move by both paths, with its merge or conflict', () => {
  const plan = planUpdate({ base, theirs, ours: new Map([[move.from, lines('1', 'mine', '3', '4', '5')]]), version: VERSION, moves });
  const record = { answers: { entity: 'Product', port: 8080, managementPort: 8081 }, generatorVersion: '1.0.0' };
  const dryRun = collector();
  printPlan({ record, files: plan }, VERSION, dryRun);
  assert.match(dryRun.text(), /^ {2}move-conflict src\/database\.ts -> src\/db\/database\.ts {2}moved and changed by this version, edited by you in the same place \(1 hunk\)$/m);
  assert.match(dryRun.text(), 'Conflicts expected in 1 file: src/db/database.ts.');

  const manifest = { [move.from]: hashContent(base.get(move.from) ?? '') };
  const edited = projectStatus({ disk: new Map([[move.from, 'mine\n']]), manifest, newFiles: theirs, recordedVersion: '1.0.0', generatorVersion: VERSION, moves });
  const text = collector();
  printStatus(edited, 'to create-item-service 9.9.9', { all: false, command: 'create-item-service' }, text);
  assert.match(text.text(), '1 generated file: 1 edited by you; update would move 1.');
  assert.match(text.text(), /^ {2}src\/database\.ts -> src\/db\/database\.ts {2}edited {6}move$/m);
});

reports.run();

// ---

const declared = suite('the declared moves of a project');

declared('{fileBase} stands for the entity\'s file base, in both paths; a path without it is as declared', () => {
  const moves = resolveMoves('order-line', [{ from: `test/${FILE_BASE}-api.test.ts`, to: `test/${FILE_BASE}/api.test.ts` }, move]);
  assert.equal(moves, [{ from: 'test/order-line-api.test.ts', to: 'test/order-line/api.test.ts' }, move]);
  assert.ok(resolveMoves('product').some(({ from, to }) => from === 'test/product-api.test.ts' && to === 'test/product/api.test.ts'));
});

declared('a project\'s moves are resolved from its answers: the entity\'s file base, as its files are named', () => {
  assert.ok(projectMoves({ entity: 'OrderLine' }).some(({ from, to }) => from === 'test/order-line-api.test.ts' && to === 'test/order-line/api.test.ts'));
  assert.ok(projectMoves({ entity: 'Lens', plural: 'Lenses' }).some(({ from }) => from === 'test/lens-storage.test.ts'));
});

declared('no two moves leave one path or reach one path, and no move starts where another ends', () => {
  const moves = resolveMoves('product', MOVES);
  const from = moves.map((declared) => declared.from);
  const to = moves.map((declared) => declared.to);
  assert.is(new Set(from).size, moves.length);
  assert.is(new Set(to).size, moves.length);
  assert.equal(from.filter((path) => to.includes(path)), []);
});

declared.run();
