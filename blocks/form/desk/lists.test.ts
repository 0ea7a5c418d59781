import { describe, expect, it } from 'vitest';
import { BASE_YAML, siteFrom } from '../../../tests/helpers/site.tsx';
import { answerLabels } from './lists.ts';

const site = siteFrom(`${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: form
        form: repair
        fields:
          - { name: bike, label: Which bicycle }
          - { name: home, label: Phone }
          - { name: work, label: Phone }
          - { name: fullName, label: Your name }
  - path: /quote
    title: Quote
    blocks:
      - type: form
        form: quote
        fields:
          - { name: fullName, label: Name }
          - { name: budget, label: Your budget }
`);

describe('what the desk calls an answer', () => {
  it("is its question's label on the form, its name once the question is gone or where two questions share a label", () => {
    const label = answerLabels(site, 'submissions', 'repair');
    expect(['bike', 'fullName', 'frameSize', 'home', 'work'].map(label)).toEqual(['Which bicycle', 'Your name', 'frameSize', 'home', 'work']);
  });

  it('over every form of a kind, the name where two forms label it differently', () => {
    const label = answerLabels(site, 'submissions');
    expect(['bike', 'budget', 'fullName'].map(label)).toEqual(['Which bicycle', 'Your budget', 'fullName']);
    expect(answerLabels(site, 'registrations')('bike')).toBe('bike');
  });
});
