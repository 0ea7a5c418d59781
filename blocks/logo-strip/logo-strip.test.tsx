import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { logoStrip } from './index.tsx';

const yamlOf = (items: object[] = logoStrip.example.items) => stringify([{ type: 'logo-strip', ...logoStrip.example, items }]);

describe('logo-strip block', () => {
  it('shows names as text when there is no image, linked when there is an address', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf())), '/');
    expect(html).toContain('<h2 class="logo-strip-heading">Proud members of</h2>');
    expect(html).toContain(
      '<li class="logo-strip-text"><a href="https://www.ada.org/"><span class="logo-strip-name">American Dental Association</span></a></li>',
    );
    expect(html).toContain('<li class="logo-strip-text"><span class="logo-strip-name">Maple Falls Chamber of Commerce</span></li>');
  });

  it('shows the logo image with the name as its alt text when the alt is left empty', () => {
    const items = [{ name: 'Harbor Tile Co.', image: { src: 'logos/harbor.png', alt: '', width: 320, height: 120 } }];
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf(items)), 'example', ['logos/harbor.png']), '/');
    expect(html).toContain(
      '<li class="logo-strip-logo"><img class="logo-strip-image" src="/example/media/logos/harbor.png" alt="Harbor Tile Co." width="320" height="120"',
    );
    expect(html).not.toContain('logo-strip-name');
  });

  it('points at a logo file that is not in the media folder', () => {
    const items = [{ name: 'Harbor Tile Co.', image: { src: 'logos/harbour.png', alt: 'Harbor Tile Co.', width: 320, height: 120 } }];
    const [problem] = problemsOf(siteWithBlocks(yamlOf(items)));
    expect(problem).toContain('SW_MISSING_MEDIA');
  });
});
