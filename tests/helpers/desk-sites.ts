/**
 * The desk's test fleet (tests/fixtures/desk) as the isolation check serves it: a copy in which each
 * site also shows every block of the registry that gives the desk a board, so a board added later
 * (by a block of the registry or one kept for tests) is listed on both sites and checked there
 * without any test naming it. The fixture itself is left as other desk tests know it.
 */
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import type { BlockRegistry } from '../../blocks/contract.ts';
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import { DESK_FLEET } from './app.ts';

/** Where a block the site did not show is added: a page of its own, holding the block's own example. */
const boardPagePath = (type: string) => `/desk-boards/${type}`;

/**
 * The pages to add to a site for each board-giving block it does not show yet, whose one block is
 * that block's `example`. Blocks it shows already are left as the fixture has them (their settings
 * matter to other checks, and a second copy could clash with the first).
 */
function pagesShowingEveryBoard(site: unknown, blocks: BlockRegistry): Record<string, unknown>[] {
  const shown = new Set([...blocksIn(site)].map(({ block }) => block.type));
  return Object.entries(blocks)
    .filter(([type, block]) => block.deskBoards?.length && !shown.has(type))
    .map(([type, block]) => ({ path: boardPagePath(type), title: block.title, blocks: [{ type, ...(block.example as object) }] }));
}

/** A fresh copy of the desk's test fleet in which every site shows every board-giving block of `blocks`; returns its folder. */
export async function deskSitesShowingEveryBoard(blocks: BlockRegistry): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-desk-sites-'));
  await cp(DESK_FLEET, dir, { recursive: true });
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = join(dir, entry.name, 'site.yaml');
    // Added to the document as written, so the rest of it reads exactly as before.
    const doc = parseDocument(await readFile(file, 'utf8'));
    for (const page of pagesShowingEveryBoard(doc.toJS(), blocks)) doc.addIn(['pages'], doc.createNode(page));
    await writeFile(file, doc.toString());
  }
  return dir;
}
