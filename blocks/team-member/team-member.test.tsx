import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { teamMember } from './index.tsx';

const people = (blocks: string) => `  - path: /team
    title: Our team
    blocks:
      - type: rich-text
        markdown: Everyone at the practice.
  - path: /team/{name}
    from: people
${blocks}collections:
  people:
    kind: person
    items:
      - name: Dr. Ana Ruiz
        role: Lead dentist
        bio: Ana has cared for families in Maple Falls since **2009**.
        email: ana@maplefalls.example.com
        phone: 555-0143
        image: { src: team/ana.jpg, alt: Ana Ruiz in the clinic, width: 800, height: 1000 }
        specialties: [Implants, Nervous patients]
      - name: Sam Lee
        role: Hygienist
`;

const HOME = '- type: rich-text\n  markdown: Home.';
const exampleBlocks = `    blocks:\n${stringify([{ type: 'team-member', ...teamMember.example }]).replace(/^(?=.)/gm, '      ')}`;
const site = siteFrom(siteWithBlocks(HOME, people(exampleBlocks)), 'example', ['team/ana.jpg']);
const plain = siteFrom(siteWithBlocks(HOME, people('')), 'example', ['team/ana.jpg']);

describe('team-member block', () => {
  it('renders the example: name, role, photo, contact links, bio and specialties', () => {
    const html = pageHtml(site, '/team/dr-ana-ruiz');
    expect(html).toContain('<article class="block team-member-page has-photo">');
    expect(html).toContain('<h1>Dr. Ana Ruiz</h1>');
    expect(html).toContain('<p class="lede">Lead dentist</p>');
    expect(html).toContain(
      '<img class="team-member-photo" src="/example/media/team/ana.jpg" alt="Ana Ruiz in the clinic" width="800" height="1000" loading="eager"',
    );
    expect(html).toContain('<a href="mailto:ana@maplefalls.example.com">ana@maplefalls.example.com</a>');
    expect(html).toContain('<a href="tel:5550143">555-0143</a>');
    expect(html).toContain('since <strong>2009</strong>.');
    expect(html).toContain('<h2>What she is known for</h2><ul class="tag-list"><li>Implants</li><li>Nervous patients</li></ul>');
    expect(html).toContain('href="/example/team"><span aria-hidden="true">← </span>Meet the whole team</a>');
  });

  it('is the default block of a person page, and leaves out what the person lacks', () => {
    const html = pageHtml(plain, '/team/sam-lee');
    expect(html).toContain('<article class="block team-member-page">');
    expect(html).toContain('<h1>Sam Lee</h1>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('contact-lines');
    expect(html).not.toContain('tag-list');
    expect(html).toContain('href="/example/team"><span aria-hidden="true">← </span>Back to Our team</a>');
  });
});
