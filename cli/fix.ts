/**
 * `sitewright validate --fix`: each problem's first suggested fix, made in the file where it is a
 * change to the file (a misspelt key, a value in the wrong form, a missing colon…). Fixes that
 * overlap wait for the next round; the file is read again after each round, since mending the
 * syntax lets the later checks see the rest. Problems whose fix is a choice only the author can
 * make (words to write, a file to add or rename) are left for the report that follows.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { displayFile, listSiteFolders, loadSiteFolder } from '../runtime/fleet.ts';
import type { BlockRegistry } from '../blocks/contract.ts';
import { applyEdits, type Edit } from '../runtime/config/problem.ts';

const ROUNDS = 5;

/** Edits that do not overlap, in file order: the first of two that touch the same text is kept. */
function separate(edits: Edit[]): Edit[] {
  const key = (e: Edit) => e.line * 1e6 + e.col;
  const sorted = [...edits].sort((a, b) => key(a) - key(b));
  const kept: Edit[] = [];
  for (const edit of sorted) {
    const last = kept[kept.length - 1];
    if (last && key(edit) < last.endLine * 1e6 + last.endCol + (last.line === last.endLine && last.col === last.endCol ? 1 : 0)) continue;
    kept.push(edit);
  }
  return kept;
}

export async function fixSites(sitesDir: string, blocks: BlockRegistry, only?: readonly string[]): Promise<string[]> {
  const report: string[] = [];
  for (const prefix of only ?? (await listSiteFolders(sitesDir))) {
    const file = join(sitesDir, prefix, 'site.yaml');
    let fixed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const result = await loadSiteFolder(sitesDir, prefix, blocks);
      // A fix that also needs a file in the media folder is the author's to make: its edit alone would name a file not there.
      const fixable = result.problems.filter((p) => !p.whole && !p.upload);
      const edits = separate(fixable.filter((p) => p.edits?.length === 1).map((p) => p.edits![0] as Edit));
      const several = fixable.filter((p) => (p.edits?.length ?? 0) > 1);
      // A fix of several changes (a page moved with the links to it) is made alone in its round.
      const batch = edits.length ? edits : (several[0]?.edits ?? []);
      if (!batch.length) break;
      const source = await readFile(file, 'utf8');
      const next = applyEdits(source, batch);
      if (next === source) break;
      await writeFile(file, next);
      fixed += edits.length ? edits.length : 1;
    }
    if (fixed) report.push(`${displayFile(sitesDir, prefix)}: made ${fixed} fix${fixed === 1 ? '' : 'es'}`);
  }
  return report;
}
