/**
 * A page's outline (its blocks, islands, posts and loads) is worked out once per target: rendering
 * the page, taking a post to it and reading what its blocks load all read the same object.
 */
import { describe, expect, it } from 'vitest';
import { BASE_YAML, siteFrom, targetAt } from '../../tests/helpers/site.tsx';
import { outline } from './outline.ts';

const site = siteFrom(`${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Gentle care
  - path: /contact
    title: Contact
    blocks:
      - type: form
        form: contact
        fields:
          - { name: fullName, label: Your name, required: true }
`);

describe('a page outline', () => {
  it('is made once per target, and is the same object however often it is asked for', () => {
    const target = targetAt(site, '/contact');
    const first = outline(site, target);
    expect(outline(site, targetAt(site, '/contact'))).toBe(first);
    expect(outline(site, target)).not.toBe(outline(site, targetAt(site, '/')));
    // The form: it takes posts, and is an island.
    expect(first.posts).toHaveLength(1);
    expect(first.islands).toEqual([first.posts[0]?.definition.type]);
  });

  it('is made apart for another registry, and cannot be changed by whoever reads it', () => {
    const target = targetAt(site, '/contact');
    const narrow = {};
    expect(outline(site, target, narrow)).not.toBe(outline(site, target));
    expect(outline(site, target, narrow).placed).toEqual([]);
    expect(Object.isFrozen(outline(site, target))).toBe(true);
    expect(Object.isFrozen(outline(site, target).placed)).toBe(true);
  });
});
