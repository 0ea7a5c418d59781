/**
 * Golden files: each broken site under tests/errors/ must print exactly the text beside it.
 * A case's first line may be "# prefix: <name>" to load it as that site folder. Every case has
 * tests/errors/media/ as its media folder, read as a site's is (real pictures, a PDF, a PNG named .jpg).
 * After a deliberate change of wording: UPDATE_GOLDEN=1 npx vitest run tests/errors.test.ts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../runtime/config/load-site.ts';
import { readMedia } from '../runtime/config/media.ts';
import { formatProblem } from '../runtime/config/problem.ts';

const DIR = fileURLToPath(new URL('./errors/', import.meta.url));
const cases = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

let media: Awaited<ReturnType<typeof readMedia>>;
beforeAll(async () => {
  media = await readMedia(`${DIR}media`);
});

function render(name: string): { text: string; codes: string[] } {
  const source = readFileSync(DIR + name, 'utf8');
  const prefix = /^# prefix: (\S+)/.exec(source)?.[1] ?? 'example';
  const result = loadSite({ prefix, file: `sites/${prefix}/site.yaml`, source, media: media.allowed, facts: media.facts });
  return { text: `${result.problems.map((p) => formatProblem(p, source)).join('\n\n')}\n`, codes: result.problems.map((p) => p.code) };
}

describe('author-facing errors (golden files)', () => {
  it('has at least 25 broken fixtures', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  it.each(cases)('%s', (name) => {
    const { text, codes } = render(name);
    const expectedFile = DIR + name.replace(/\.yaml$/, '.expected.txt');
    if (process.env.UPDATE_GOLDEN) writeFileSync(expectedFile, text);
    expect(codes.length, 'a broken fixture must produce at least one problem').toBeGreaterThan(0);
    expect(text).toBe(readFileSync(expectedFile, 'utf8'));
  });
});
