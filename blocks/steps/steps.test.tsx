import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { steps } from './index.tsx';

const yamlOf = (props: object = {}) => stringify([{ type: 'steps', ...steps.example, ...props }]);
const numbered = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Step ${i + 1}`, text: 'Something happens.' }));

describe('steps block', () => {
  it('renders the steps as an ordered list, numbered in order', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf())), '/');
    expect(html).toContain('<h2>How it works</h2>');
    expect(html).toContain('<ol class="steps-list steps-cols-4" role="list">');
    expect(html).toContain('<li class="step"><span class="step-number" aria-hidden="true">1</span><h3 class="step-title">Free home visit</h3>');
    expect(html).toContain('<span class="step-number" aria-hidden="true">4</span><h3 class="step-title">Final walk-through</h3>');
  });

  it('picks columns that fill whole rows', () => {
    const cols = (n: number) => pageHtml(siteFrom(siteWithBlocks(yamlOf({ steps: numbered(n) }))), '/').match(/steps-cols-(\d)/)?.[1];
    expect([2, 3, 5, 6, 7, 8].map(cols)).toEqual(['2', '3', '3', '3', '4', '4']);
  });

  it('needs at least two steps', () => {
    const [problem] = problemsOf(siteWithBlocks(yamlOf({ steps: numbered(1) })));
    expect(problem).toContain('SW_LIST_SIZE');
    expect(problem).toContain('at least 2');
  });
});
