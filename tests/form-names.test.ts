/** A form's name is unique in its site: its submissions are stored and exported under it. The same form on two pages is one form. */
import { describe, expect, it } from 'vitest';
import { BASE_YAML, load, problemsOf } from './helpers/site.tsx';

const contact = (form: string, extra = '') => `      - type: form
        form: ${form}${extra}
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: email, label: E-mail, kind: email, required: true }
`;
const site = (home: string, other: string, more = '') => `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
${home}  - path: /contact
    title: Contact
    blocks:
${other}${more}`;

describe('form names', () => {
  it('refuses a second, different form of the same name at its name, saying where the first is', () => {
    const problems = problemsOf(site(contact('contact'), contact('contact', '\n        heading: Write to us')));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('site.yaml:27:15  SW_DUPLICATE_NAME');
    expect(problems[0]).toContain('> 27 |         form: contact');
    expect(problems[0]).toContain('Another form in this site is already called "contact" (the form block on the page "/", line 19)');
    expect(problems[0]).toContain('Fix: give this one a name of its own: form: contact-2');
  });

  it('is fixed by doing what the fix says, literally', () => {
    const broken = site(contact('contact'), contact('contact', '\n        heading: Write to us'));
    const [problem] = load(broken).problems;
    const fix = /^give this one a name of its own: (form: \S+) /.exec(problem?.fix ?? '')?.[1] as string;
    const lines = broken.split('\n');
    const at = (problem?.line ?? 0) - 1;
    lines[at] = lines[at]?.replace('form: contact', fix) ?? '';
    expect(load(lines.join('\n')).problems).toEqual([]);
  });

  it('suggests a name no form has yet', () => {
    const problems = problemsOf(
      site(contact('contact'), contact('contact', '\n        heading: Write to us'), `  - path: /more\n    title: More\n    blocks:\n${contact('contact-2')}`),
    );
    expect(problems.join('\n')).toContain('form: contact-3');
  });

  it('takes the same form shown on two pages, written alike or through a YAML alias', () => {
    expect(load(site(contact('contact'), contact('contact'))).problems).toEqual([]);
    const aliased = site(contact('contact').replace('- type: form', '- &contact\n        type: form'), '      - *contact\n');
    expect(load(aliased).problems).toEqual([]);
  });

  it('lets blocks of other types share a name with a form', () => {
    expect(load(site(contact('contact'), contact('question'))).problems).toEqual([]);
  });
});
