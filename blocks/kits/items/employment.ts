/** Employment types of job postings in words, shared by the job list and a job's own page. */
import type { ItemOf } from '../../../schema/items.ts';

type Employment = ItemOf<'job'>['employment'];

/** How each kind of employment reads on the page. */
const LABELS: Record<Employment, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  seasonal: 'Seasonal',
  internship: 'Internship',
};

export const employmentLabel = (value: Employment): string => LABELS[value];

/** Whether applications have closed: the last day to apply is before today. */
export const isClosed = (closes: string | undefined, today: string): boolean => closes !== undefined && closes < today;
