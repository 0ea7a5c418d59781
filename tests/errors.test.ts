/**
 * Golden files: each broken site under tests/errors/ must print exactly the text beside it.
 * A case's first line may be "# prefix: <name>" to load it as that site folder. Every case has
 * tests/errors/media/ as its media folder, read as a site's is (real pictures, a PDF, a PNG named .jpg).
 * After a deliberate change of wording: UPDATE_GOLDEN=1 npx vitest run tests/errors.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../runtime/config/problem.ts';
import { ERRORS_DIR as DIR, errorCases as cases, loadCase, readCase, readErrorMedia, type Media } from './helpers/error-fixtures.ts';

let media: Media;
beforeAll(async () => {
  media = await readErrorMedia();
});

function render(name: string): { text: string; codes: string[] } {
  const { source, prefix } = readCase(name);
  const result = loadCase(source, prefix, media);
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
