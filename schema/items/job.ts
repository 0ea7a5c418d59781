/** A job opening, with the JobPosting search engines show in their job listings. */
import { Type } from '@sinclair/typebox';
import type { JobPosting } from 'schema-dts';
import { DateString, Enum, Href, Markdown, Text } from '../common.ts';
import { itemObject, slug, summary } from './fields.ts';
import { defineKind } from './kind.ts';
import { parseSalary } from './salary.ts';

const EMPLOYMENT_KINDS = ['full-time', 'part-time', 'contract', 'temporary', 'seasonal', 'internship'] as const;
/** schema.org's employmentType for each kind of employment. */
const EMPLOYMENT: Record<(typeof EMPLOYMENT_KINDS)[number], string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  seasonal: 'TEMPORARY',
  internship: 'INTERN',
};

const description = 'A job opening.';

const item = itemObject(description, {
  slug,
  title: Text('The job title.'),
  location: Text('Where the work is done.'),
  employment: Enum(EMPLOYMENT_KINDS, 'The kind of employment.'),
  salary: Type.Optional(Text('Pay, as you want it shown, such as "$28–34 an hour".')),
  posted: DateString('The day the job was posted.'),
  closes: Type.Optional(DateString('The last day to apply.')),
  summary,
  body: Markdown('What the job is, who you are looking for and what you offer.'),
  apply: Type.Optional(Href('Where to apply: an e-mail link, a page or a form.')),
});

export const job = defineKind(item, {
  name: 'job',
  description,
  slugFrom: ['title'],
  groupable: ['location', 'employment', 'salary'],
  placeholders: ['title', 'location', 'employment', 'salary', 'posted', 'closes', 'summary', 'apply'],
  title: (d) => d.title,
  summary: (d) => d.summary,
  text: (d) => d.body,
  date: (d) => d.posted,
  jsonLd: (d, ctx): JobPosting => ({
    '@type': 'JobPosting',
    title: ctx.title,
    url: ctx.url,
    datePosted: d.posted,
    validThrough: d.closes,
    employmentType: EMPLOYMENT[d.employment],
    jobLocation: { '@type': 'Place', name: d.location, address: ctx.address ?? d.location },
    hiringOrganization: ctx.org,
    description: ctx.html(d.body),
    baseSalary: d.salary ? parseSalary(d.salary, ctx.country) : undefined,
  }),
  blocks: { detail: { type: 'job-posting' }, group: { type: 'item-list' } },
});
