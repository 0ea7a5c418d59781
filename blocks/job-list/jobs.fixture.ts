/** A page per job and three jobs (one closed on 2026-06-01), for the job blocks' tests. */
export const JOBS = `  - path: /careers/{slug}
    from: jobs
collections:
  jobs:
    kind: job
    items:
      - title: Pest control technician
        location: Millbrook
        employment: full-time
        salary: $22–28 an hour
        posted: 2026-05-01
        closes: 2026-07-01
        body: Treat homes across Lake County.
        apply: mailto:jobs@example.com
      - title: Office coordinator
        location: Millbrook office
        employment: part-time
        posted: 2026-04-01
        closes: 2026-06-01
        body: Keep the schedule running.
      - title: Seasonal helper
        location: Lake County
        employment: seasonal
        posted: 2026-06-10
        summary: Help our crews through the busy summer.
        body: Summer work.
  empty:
    kind: job
    items: []
`;
