import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { mergeThreeWay, planUpdate, WRITES } from '../../src/lifecycle/merge.js';
import { applied } from '../support/applied-plan.js';

const VERSION = '9.9.9';
const lines = (...items: string[]) => `${items.join('\n')}\n`;

// ---

const planning = suite('planUpdate');

planning('gives each file the action its three versions call for', () => {
  const base = new Map([
    ['unedited', 'a\n'], ['owner-only', 'a\n'], ['both', lines('1', '2', '3', '4', '5')], ['same-line', lines('1', '2', '3')],
    ['owner-deleted', 'a\n'], ['obsolete-unedited', 'a\n'], ['obsolete-edited', 'a\n'], ['current', 'a\n'],
  ]);
  const theirs = new Map([
    ['unedited', 'b\n'], ['owner-only', 'a\n'], ['both', lines('1', 'two', '3', '4', '5')], ['same-line', lines('1', 'theirs', '3')],
    ['owner-deleted', 'b\n'], ['new', 'n\n'], ['current', 'b\n'],
  ]);
  const ours = new Map([
    ['unedited', 'a\n'], ['owner-only', 'mine\n'], ['both', lines('1', '2', '3', '4', 'five')], ['same-line', lines('1', 'ours', '3')],
    ['obsolete-unedited', 'a\n'], ['obsolete-edited', 'mine\n'], ['current', 'b\n'],
  ]);
  const plan = planUpdate({ base, theirs, ours, version: VERSION });
  assert.equal(Object.fromEntries(plan.map((file) => [file.path, file.action])), {
    both: 'merge', current: 'current', new: 'create', 'obsolete-edited': 'keep-obsolete', 'obsolete-unedited': 'delete',
    'owner-deleted': 'stay-deleted', 'owner-only': 'keep', 'same-line': 'conflict', unedited: 'update',
  });
  const result = applied(ours, plan);
  assert.is(result.get('both'), lines('1', 'two', '3', '4', 'five'));
  assert.is(result.get('same-line'), lines('1', '<<<<<<< yours', 'ours', '=======', 'theirs', `>>>>>>> create-item-service ${VERSION}`, '3'));
  assert.is(plan.find((file) => file.path === 'same-line')?.conflicts, 1);
  assert.is(result.get('unedited'), 'b\n');
  assert.is(result.get('new'), 'n\n');
  assert.not.ok(result.has('obsolete-unedited'));
  assert.not.ok(result.has('owner-deleted'));
});

planning('a file still holding conflict markers of this version is not merged again', () => {
  const base = new Map([['x', lines('1', '2', '3')]]);
  const theirs = new Map([['x', lines('1', 'theirs', '3')]]);
  const [first] = planUpdate({ base, theirs, ours: new Map([['x', lines('1', 'ours', '3')]]), version: VERSION });
  const [again] = planUpdate({ base, theirs, ours: new Map([['x', first?.content ?? '']]), version: VERSION });
  assert.equal(again, { path: 'x', action: 'unresolved' });
  const [older] = planUpdate({ base, theirs, ours: new Map([['x', first?.content ?? '']]), version: '10.0.0' });
  assert.is(older?.action, 'conflict', 'markers of another version are only text');
});

planning('never plans .env or the answers file', () => {
  const files = new Map([['.env', 'A=1\n'], ['create-item-service.json', '{}\n']]);
  assert.equal(planUpdate({ base: new Map(), theirs: files, ours: new Map([['.env', 'A=2\n']]), version: VERSION }), []);
});

planning('a file both sides added becomes one conflict of the two texts, or nothing when they agree', () => {
  const added = planUpdate({ base: new Map(), theirs: new Map([['x', 'theirs\n']]), ours: new Map([['x', 'ours\n']]), version: VERSION });
  assert.is(added[0]?.action, 'conflict');
  assert.match(added[0]?.content ?? '', /<<<<<<< yours\nours\n=======\ntheirs\n>>>>>>>/);
  const same = planUpdate({ base: new Map(), theirs: new Map([['x', 'same\n']]), ours: new Map([['x', 'same\n']]), version: VERSION });
  assert.is(same[0]?.action, 'current');
});

planning.run();

// ---

const merging = suite('mergeThreeWay');

merging('marks exactly the conflicting hunk and merges the rest', () => {
  const base = lines('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j');
  const theirs = lines('a', 'b', 'C', 'd', 'e', 'f', 'g', 'H', 'i', 'j');
  const ours = lines('a', 'b', 'c (mine)', 'd', 'e', 'owner line', 'f', 'g', 'h', 'i', 'j');
  const merged = mergeThreeWay(ours, base, theirs, VERSION);
  assert.is(merged.conflicts, 1);
  assert.is(merged.content, lines('a', 'b', '<<<<<<< yours', 'c (mine)', '=======', 'C', `>>>>>>> create-item-service ${VERSION}`, 'd', 'e', 'owner line', 'f', 'g', 'H', 'i', 'j'));
});

merging.run();

// ---

const property = suite('no owner line is lost (property)');

type Edit = { kind: 'insert' | 'change' | 'delete'; at: number };
const edits = (maxLength: number) =>
  fc.array(fc.record({ kind: fc.constantFrom('insert' as const, 'change' as const, 'delete' as const), at: fc.nat(40) }), { minLength: 1, maxLength });
const scenario = fc.record({
  files: fc.array(
    fc.record({
      size: fc.integer({ min: 1, max: 24 }),
      template: fc.oneof(
        fc.constant({ kind: 'same' as const }),
        fc.record({ kind: fc.constant('edit' as const), edits: edits(4) }),
        fc.constant({ kind: 'remove' as const }),
        fc.record({ kind: fc.constant('rename' as const), edits: fc.option(edits(2), { nil: undefined }) }),
      ),
      owner: fc.oneof(
        fc.constant({ kind: 'same' as const }),
        fc.record({ kind: fc.constant('edit' as const), edits: edits(4) }),
        fc.constant({ kind: 'delete' as const }),
      ),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  added: fc.integer({ min: 0, max: 2 }),
  ownerAdded: fc.uniqueArray(fc.constantFrom('new0.txt', 'new1.txt', 'own0.txt', 'own1.txt'), { maxLength: 2 }),
});

/** Applies line edits; new lines are `<prefix>-<n>`, unique across the whole scenario. */
function edited(text: string, changes: Edit[], prefix: string, counter: { n: number }): string {
  const result = text.split('\n').slice(0, -1);
  for (const { kind, at } of changes) {
    const index = result.length === 0 ? 0 : at % result.length;
    if (kind === 'insert') result.splice(index, 0, `${prefix}-${counter.n++}`);
    else if (result.length > 0 && kind === 'change') result[index] = `${prefix}-${counter.n++}`;
    else if (result.length > 0) result.splice(index, 1);
  }
  return result.map((line) => `${line}\n`).join('');
}

const OWNER_LINE = /^(owner|owner-file)-\d+$/;
const stats = { runs: 0, conflicts: 0, cleanMerges: 0, mergedMoves: 0 };

property('random owner edits against random template changes and declared moves: owner lines kept (at a moved file\'s new path), unedited files take the new version', () => {
  fc.assert(
    fc.property(scenario, ({ files, added, ownerAdded }) => {
      const counter = { n: 0 };
      const base = new Map<string, string>();
      const theirs = new Map<string, string>();
      const ours = new Map<string, string>();
      const moves: { from: string; to: string }[] = [];
      files.forEach(({ size, template, owner }, file) => {
        const path = `file${file}.txt`;
        const text = Array.from({ length: size }, (_, line) => `base-${file}-${line}\n`).join('');
        base.set(path, text);
        if (template.kind === 'same') theirs.set(path, text);
        if (template.kind === 'edit') theirs.set(path, edited(text, template.edits, 'template', counter));
        if (template.kind === 'rename') {
          theirs.set(`renamed${file}.txt`, template.edits ? edited(text, template.edits, 'template', counter) : text);
          moves.push({ from: path, to: `renamed${file}.txt` });
        }
        if (owner.kind === 'same') ours.set(path, text);
        if (owner.kind === 'edit') ours.set(path, edited(text, owner.edits, 'owner', counter));
      });
      for (let index = 0; index < added; index += 1) theirs.set(`new${index}.txt`, `template-${counter.n++}\n`);
      for (const path of ownerAdded) ours.set(path, `owner-file-${counter.n++}\nowner-file-${counter.n++}\n`);

      const plan = planUpdate({ base, theirs, ours, version: VERSION, moves });
      const result = applied(ours, plan);
      const movedTo = new Map(moves.map(({ from, to }) => [from, to]));

      for (const [owned, text] of ours) {
        const path = movedTo.get(owned) ?? owned;
        if (path !== owned) assert.not.ok(result.has(owned), `${owned} moved to ${path}: the old path is gone`);
        const kept = (result.get(path) ?? '').split('\n');
        for (const line of text.split('\n').filter((candidate) => OWNER_LINE.test(candidate))) {
          assert.ok(kept.includes(line), `${line} of ${path} was lost`);
          assertNotOnTheirSide(kept, line, path);
        }
        if (text === base.get(owned)) assert.is(result.get(path), theirs.get(path), `unedited ${path} is what this version renders`);
        if (!base.has(owned) && !theirs.has(owned)) assert.is(result.get(path), text, `the owner's own ${path} is untouched`);
      }
      for (const path of base.keys()) {
        if (!ours.has(path)) assert.not.ok(result.has(movedTo.get(path) ?? path), `${path}, deleted by the owner, stays deleted`);
      }
      const again = planUpdate({ base: theirs, theirs, ours: result, version: VERSION, moves });
      assert.ok(again.every((file) => !WRITES.has(file.action) && file.action !== 'delete'), 'a second update changes nothing');
      // Interrupted before the record was written, the update runs again from the same base.
      const rerun = applied(result, planUpdate({ base, theirs, ours: result, version: VERSION, moves }));
      assert.equal(rerun, result, 'running an interrupted update again changes nothing');

      stats.runs += 1;
      if (plan.some((file) => file.action === 'conflict')) stats.conflicts += 1;
      if (plan.some((file) => file.action === 'merge')) stats.cleanMerges += 1;
      if (plan.some((file) => file.action === 'move-merge' || file.action === 'move-conflict')) stats.mergedMoves += 1;
    }),
    { numRuns: 1000 },
  );
  console.log(
    `  property: ${stats.runs} cases, ${stats.conflicts} with conflicts, ${stats.cleanMerges} with clean three-way merges, ${stats.mergedMoves} with an edited file merged on its move`,
  );
  assert.is(stats.runs, 1000);
  // Both outcomes must be common, or the property would not test the merge.
  assert.ok(stats.conflicts > 50 && stats.cleanMerges > 50 && stats.mergedMoves > 50, JSON.stringify(stats));
});

/** An owner line may sit in a conflict block, but only on the owner's side of it. */
function assertNotOnTheirSide(lines: string[], line: string, path: string): void {
  let side: 'none' | 'yours' | 'theirs' = 'none';
  for (const current of lines) {
    if (current === '<<<<<<< yours') side = 'yours';
    else if (current === '=======' && side === 'yours') side = 'theirs';
    else if (current.startsWith('>>>>>>> create-item-service')) side = 'none';
    else if (current === line) assert.ok(side !== 'theirs', `${line} of ${path} is on the generator's side of a conflict`);
  }
}

property.run();
