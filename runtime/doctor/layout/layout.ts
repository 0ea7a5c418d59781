/**
 * `sitewright doctor --layout`: every page of a site rendered in Chromium at phone and desktop
 * widths, and measured for what only a browser can see (see findings.ts). One browser serves the
 * whole run; a site's pages are loaded one after another in one tab per width.
 */
import type { MoreChecks } from '../doctor.ts';
import { layoutDrafts } from './findings.ts';
import type { LayoutSession } from './session.ts';

export function layoutChecks(session: LayoutSession, mediaFolder: string, options: { today?: string } = {}): MoreChecks {
  return async (exam) => {
    const measured = await session.measureSite(exam.site, mediaFolder, { today: options.today ?? exam.today });
    return measured.flatMap(({ target, measurement }) => layoutDrafts(exam, target, measurement));
  };
}
