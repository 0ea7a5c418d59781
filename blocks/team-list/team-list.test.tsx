import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { teamList } from './index.tsx';

const TEAM = `collections:
  team:
    kind: person
    items:
      - name: Dr. Priya Patel
        role: Dentist and owner
        image:
          src: team/priya.jpg
          alt: Priya Patel in the treatment room
          width: 600
          height: 600
      - name: Tom O'Neill
        role: Dental hygienist
      - name: Ana Lima
        role: Practice manager
`;
const PERSON_PAGE = '  - path: /team/{slug}\n    from: team\n';
/** The same people, two of them with a bio: Priya's of two paragraphs (after a heading), Tom's of one. */
const BIOS = TEAM.replace(
  '        role: Dentist and owner\n',
  '        role: Dentist and owner\n        bio: |\n          ## About Priya\n\n          Priya grew up in Maple Falls and has cared for its teeth since 2009.\n\n          Outside the practice she coaches the **junior** rowing team.\n',
).replace('        role: Dental hygienist\n', '        role: Dental hygienist\n        bio: Tom makes cleanings painless.\n');
/** One person's card on the list, by their name as the page writes it. */
const cardOf = (html: string, name: string) => {
  const at = html.indexOf(`${name}</`);
  return html.slice(html.lastIndexOf('<li', at), html.indexOf('</li>', at));
};
const yamlOf = (props: object = {}) => stringify([{ type: 'team-list', ...teamList.example, ...props }]);
const MEDIA = ['team/priya.jpg'];

describe('team-list block', () => {
  it('shows each person with their role, photo or initials', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf(), TEAM), 'example', MEDIA), '/');
    expect(html).toContain('<h2>Meet the team</h2>');
    expect(html).toContain(
      '<img class="team-photo" src="/example/media/team/priya.jpg" alt="Priya Patel in the treatment room" width="600" height="600" loading="lazy"',
    );
    expect(html).toContain(
      '<span class="team-initials" aria-hidden="true">TO</span><h3 class="team-name">Tom O&#x27;Neill</h3><p class="team-role">Dental hygienist</p>',
    );
  });

  it('links each person to their own page when the site has one, and stops at the limit', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({ limit: 2 }), PERSON_PAGE + TEAM), 'example', MEDIA), '/');
    expect(html).toContain('<h3 class="team-name"><a href="/example/team/dr-priya-patel">Dr. Priya Patel</a></h3>');
    expect(html).toContain('<a href="/example/team/tom-oneill">');
    expect(html).not.toContain('Ana Lima');
  });

  it('shows the whole bio of someone without a page of their own, where it is nowhere else', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf(), BIOS), 'example', MEDIA), '/');
    const priya = cardOf(html, 'Dr. Priya Patel');
    expect(priya).toContain('<div class="prose team-bio"><p>Priya grew up in Maple Falls');
    expect(priya).toContain('<p>Outside the practice she coaches the <strong>junior</strong> rowing team.</p>');
    expect(priya).not.toContain('More about');
    // A heading of the bio is left out: the card's own heading is the name.
    expect(priya).not.toContain('About Priya');
    expect(cardOf(html, 'Ana Lima')).not.toContain('team-bio');
  });

  it('shows the first paragraph of the bio of someone with a page, and links to the rest when there is more', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf(), PERSON_PAGE + BIOS), 'example', MEDIA), '/');
    const priya = cardOf(html, 'Dr. Priya Patel');
    expect(priya).toContain('<div class="prose team-bio"><p>Priya grew up in Maple Falls and has cared for its teeth since 2009.</p>');
    expect(priya).not.toContain('rowing');
    expect(priya).toContain('<p class="team-more"><a href="/example/team/dr-priya-patel">More about Dr. Priya Patel</a></p>');
    const tom = cardOf(html, 'Tom O&#x27;Neill');
    expect(tom).toContain('<p>Tom makes cleanings painless.</p>');
    expect(tom).not.toContain('More about');
  });

  it('shows no bio when told not to', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({ showBio: false }), PERSON_PAGE + BIOS), 'example', MEDIA), '/');
    expect(html).not.toContain('team-bio');
    expect(html).not.toContain('Priya grew up');
  });

  it('points at a collection that does not exist', () => {
    const [problem] = problemsOf(siteWithBlocks(yamlOf({ collection: 'staff' }), TEAM));
    expect(problem).toContain('SW_UNKNOWN_COLLECTION');
    expect(problem).toContain('use one of: team');
  });
});
