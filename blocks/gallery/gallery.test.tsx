import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { altProblem, gallery } from './index.tsx';

const MEDIA = gallery.example.images.map((i) => i.src);
const yamlOf = (props: object) => stringify([{ type: 'gallery', ...gallery.example, ...props }]);
const withAlt = (alt: string) => siteWithBlocks(yamlOf({ images: [{ ...gallery.example.images[0], alt }] }));
/** The alt-text problem (the test site has no media folder, so missing files are reported too). */
const altProblemOf = (yaml: string) => problemsOf(yaml).find((p) => p.includes('SW_BAD_FORMAT'));

describe('gallery block', () => {
  it('renders lazy-loaded photos with their alt text and captions (their size is read from the files, which this test site has not)', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({})), 'example', MEDIA), '/');
    expect(html).toContain('<h2>Recent projects</h2>');
    expect(html).toContain('<ul class="gallery-grid gallery-cols-3 gallery-crop">');
    expect(html).toContain(
      '<img class="gallery-image" src="/example/media/gallery/oak-kitchen.jpg" alt="Oak kitchen with a white marble island and three pendant lights" loading="lazy" decoding="async"/><figcaption>Kitchen remodel, Millbrook</figcaption>',
    );
    expect(html).toContain('alt="Painted pantry shelves holding jars and baskets" loading="lazy" decoding="async"/></figure>');
  });

  it('shows whole photos when told not to crop, in the columns asked for', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({ crop: false, columns: 2 })), 'example', MEDIA), '/');
    expect(html).toContain('<ul class="gallery-grid gallery-cols-2">');
  });

  it.each(['', '  ', 'IMG_2041.jpg', 'IMG_2041', 'DSC01234', 'kitchen_final_v2', 'image', 'Photo', 'photo 3', 'A picture'])('refuses the alt text %j', (alt) =>
    expect(altProblem(alt)).toBeDefined(),
  );

  it.each(['Oak kitchen with a marble island', 'Team photo at the 2024 fun run', 'Before: the old bathroom'])('accepts the alt text %j', (alt) =>
    expect(altProblem(alt)).toBeUndefined(),
  );

  it('points at a file-name alt text with SW_BAD_FORMAT', () => {
    const problem = altProblemOf(withAlt('IMG_2041.jpg'));
    expect(problem).toContain('SW_BAD_FORMAT');
    expect(problem).toContain('looks like a file name ("IMG_2041.jpg")');
    expect(problem).toMatch(/alt: IMG_2041\.jpg\n\s+\|\s+\^{12}/);
  });

  it('points at an empty alt text with SW_BAD_FORMAT', () => {
    const problem = altProblemOf(withAlt(''));
    expect(problem).toContain('SW_BAD_FORMAT');
    expect(problem).toContain('is empty');
  });
});
