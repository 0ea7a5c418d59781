import { describe, expect, it } from 'vitest';
import { parseSalary } from './salary.ts';

describe('parseSalary', () => {
  it.each([
    ['$26–34 an hour', 'US', { currency: 'USD', value: { minValue: 26, maxValue: 34, unitText: 'HOUR' } }],
    ['$31–$38 an hour, depending on experience', 'US', { currency: 'USD', value: { minValue: 31, maxValue: 38, unitText: 'HOUR' } }],
    ['$82,000 to $114,000 a year, depending on licensure', 'US', { currency: 'USD', value: { minValue: 82000, maxValue: 114000, unitText: 'YEAR' } }],
    ['$25 an hour', 'US', { currency: 'USD', value: { value: 25, unitText: 'HOUR' } }],
    ['£30,000 per year', 'GB', { currency: 'GBP', value: { value: 30000, unitText: 'YEAR' } }],
    ['$52,000 a year', 'CA', { currency: 'CAD', value: { value: 52000, unitText: 'YEAR' } }],
  ])('reads %s', (text, country, expected) => {
    expect(parseSalary(text, country)).toMatchObject({ '@type': 'MonetaryAmount', ...expected });
  });

  it.each([['Competitive'], ['Up to $30 an hour'], ['$30k a year'], ['$40–30 an hour'], ['$20 an hour'], ['$0 an hour'], ['DOE']])('leaves out %s', (text) => {
    expect(parseSalary(text, text === '$20 an hour' ? 'MX' : 'US')).toBeUndefined();
  });
});
