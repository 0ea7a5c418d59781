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

  it('points at a collection that does not exist', () => {
    const [problem] = problemsOf(siteWithBlocks(yamlOf({ collection: 'staff' }), TEAM));
    expect(problem).toContain('SW_UNKNOWN_COLLECTION');
    expect(problem).toContain('use one of: team');
  });
});
