import { describe, expect, it } from 'vitest';
import { recordsCsv } from './csv.ts';
import type { StoredRecord } from './store.ts';

const record = (answers: Record<string, unknown>): StoredRecord => ({
  id: 'r1',
  createdAt: '2026-11-29T01:30:00.000Z',
  form: 'repair',
  page: '/repair',
  answers,
});

describe("a records CSV in the desk's words", () => {
  it('heads each answer by its label, and tells the time as asked', () => {
    const labels: Record<string, string> = { bike: 'Which bicycle', problem: 'What needs fixing' };
    const { csv } = recordsCsv([record({ bike: 'Trek', problem: 'Brakes', frameSize: '56' })], {
      header: (name) => labels[name] ?? name,
      moment: () => 'Nov 28, 2026, 8:30 PM EST',
    });
    expect(csv).toBe('id,createdAt,form,page,Which bicycle,What needs fixing,frameSize\nr1,"Nov 28, 2026, 8:30 PM EST",repair,/repair,Trek,Brakes,56\n');
  });

  it('keeps the names where two columns would read alike, and neutralises a label that reads as a formula', () => {
    const labels: Record<string, string> = { home: 'Phone', work: 'Phone', note: 'page', extra: '=SUM(A1)' };
    const { csv } = recordsCsv([record({ home: '1', work: '2', note: 'n', extra: 'x' })], { header: (name) => labels[name] ?? name });
    expect(csv.split('\n')[0]).toBe("id,createdAt,form,page,home,work,note,'=SUM(A1)");
  });

  it('stays as it was without wording', () => {
    expect(recordsCsv([record({ bike: 'Trek' })]).csv).toBe('id,createdAt,form,page,bike\nr1,2026-11-29T01:30:00.000Z,repair,/repair,Trek\n');
  });
});
