import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { cards } from './index.tsx';

const PAGES = ['contact', 'services'].map((p) => `  - path: /${p}\n    title: ${p}\n    blocks:\n      - type: rich-text\n        markdown: Hello.\n`).join('');
const yamlOf = (props: object) => stringify([{ type: 'cards', ...cards.example, ...props }]);

describe('cards block', () => {
  it('renders the example as a grid of cards with their links', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({}), PAGES)), '/');
    expect(html).toContain('<h2>Why families choose us</h2>');
    expect(html).toContain('<ul class="cards-grid cards-cols-3">');
    expect(html).toContain('<h3 class="card-title">Evening appointments</h3>');
    expect(html).toContain('<a href="/example/contact">See our opening hours</a>');
  });

  it('uses three columns unless told otherwise, and shows an image when a card has one', () => {
    const { columns: _c, ...rest } = cards.example;
    const withImage = {
      ...rest,
      cards: [{ title: 'Our clinic', text: 'Bright and calm.', image: { src: 'clinic.jpg', alt: 'The waiting room', width: 1200, height: 800 } }],
    };
    const html = pageHtml(siteFrom(siteWithBlocks(stringify([{ type: 'cards', ...withImage }]), PAGES), 'example', ['clinic.jpg']), '/');
    expect(html).toContain('cards-grid cards-cols-3');
    expect(html).toContain('<img class="cards-image" src="/example/media/clinic.jpg" alt="The waiting room" width="1200" height="800" loading="lazy"');
    expect(pageHtml(siteFrom(siteWithBlocks(yamlOf({ columns: 4 }), PAGES)), '/')).toContain('cards-grid cards-cols-4');
  });

  it('refuses a number of columns it cannot lay out', () => {
    const [problem] = problemsOf(siteWithBlocks(yamlOf({ columns: 5 }), PAGES));
    expect(problem).toContain('SW_NOT_ALLOWED');
    expect(problem).toContain('2, 3, 4');
  });
});
