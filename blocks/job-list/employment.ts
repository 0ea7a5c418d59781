/** How each kind of employment reads on the page. */
const LABELS: Record<string, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  seasonal: 'Seasonal',
  internship: 'Internship',
};

export const employmentLabel = (value: unknown): string | undefined =>
  typeof value === 'string' ? (LABELS[value] ?? value) : undefined;

/** Whether applications have closed: the last day to apply is before today. */
export const isClosed = (closes: unknown, today: string): boolean => typeof closes === 'string' && closes < today;
