import { Type } from '@sinclair/typebox';
import { CollectionName, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { formatDate, itemSummary, itemTitle } from '../../runtime/render/items.ts';
import type { Item } from '../../runtime/site.ts';
import { defineBlock } from '../contract.ts';
import { employmentLabel, isClosed } from '../kits/items/employment.ts';

const EMPTY = 'There are no open positions at the moment.';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the list.')),
    collection: CollectionName('Which jobs to list.', 'job'),
    empty: Text('What to say when no job is open.', { default: EMPTY }),
  },
  { additionalProperties: false },
);

/** Jobs still taking applications, newest first. */
export const openJobs = (items: readonly Item<'job'>[], today: string): Item<'job'>[] =>
  items.filter((job) => !isClosed(job.data.closes, today)).sort((a, b) => b.data.posted.localeCompare(a.data.posted));

export const jobList = defineBlock({
  type: 'job-list',
  title: 'Job list',
  description: 'The open jobs of a collection, newest first, with location, kind of employment and pay. Jobs whose closing date has passed are left out.',
  props,
  Component({ heading, collection, empty = EMPTY }) {
    const { site, today } = useRender();
    const href = useHref();
    // The site does not load unless `collection` holds jobs.
    const own = site.collections.get(collection);
    const jobs = openJobs(own?.kind === 'job' ? own.items : [], today);
    const locale = site.data.site.language;
    const H = heading ? 'h3' : 'h2';
    return (
      <section className="block job-list">
        <div className="container">
          {heading ? <h2>{heading}</h2> : null}
          {jobs.length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <ul className="job-list-items">
              {jobs.map((job) => {
                const summary = itemSummary(job);
                const closes = job.data.closes;
                return (
                  <li key={job.index} className="card">
                    <H className="card-title">{job.path ? <a href={href(job.path)}>{itemTitle(job)}</a> : itemTitle(job)}</H>
                    <p className="card-meta job-meta">
                      <span>{job.data.location}</span>
                      <span>{employmentLabel(job.data.employment)}</span>
                      {job.data.salary ? <span>{job.data.salary}</span> : null}
                    </p>
                    {summary ? <p>{summary}</p> : null}
                    {closes ? (
                      <p className="card-meta">
                        Apply by <time dateTime={closes}>{formatDate(closes, locale)}</time>
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>
    );
  },
  example: {
    heading: 'Open positions',
    collection: 'jobs',
    empty: 'We are not hiring right now, but we are always glad to hear from good technicians: write to jobs@example.com.',
  },
});
