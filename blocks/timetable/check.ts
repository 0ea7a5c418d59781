import { didYouMean } from '../../runtime/config/suggest.ts';
import type { SiteData } from '../../schema/site.ts';
import type { BlockIssue } from '../contract.ts';
import type { TimetableProps } from './schema.ts';
import { bookingsIn } from './week.ts';

/** A timetable shows a booking block of its own site, on a page its sessions can link to. */
export function timetableIssues(props: TimetableProps, site: Partial<SiteData>): BlockIssue[] {
  // Without pages there is nothing to look in (the document is broken elsewhere, and reported there).
  if (!Array.isArray(site.pages)) return [];
  const bookings = bookingsIn(site);
  const found = bookings.find((b) => b.block.resource === props.booking);
  if (!found) {
    const names = bookings.map((b) => b.block.resource);
    const owner = bookings.find(
      (b) => Array.isArray(b.block.choices) && b.block.choices.some((c: unknown) => (c as { resource?: unknown } | null)?.resource === props.booking),
    );
    return [
      {
        path: ['booking'],
        code: 'SW_NOT_ALLOWED',
        detail: owner
          ? `"${props.booking}" is one of the choices of the booking block "${owner.block.resource}"; a timetable shows a whole booking block.`
          : `No booking block of this site has "resource: ${props.booking}".`,
        fix: owner
          ? `write "booking: ${owner.block.resource}".`
          : names.length
            ? `write the resource of one of the site's booking blocks: ${names.join(', ')}.${didYouMean(props.booking, names)}`
            : 'add a booking block to a page of the site (its "resource:" is the name to write here), or remove this timetable.',
      },
    ];
  }
  if (found.path === undefined)
    return [
      {
        path: ['booking'],
        code: 'SW_BAD_PATH',
        detail: `The booking block "${props.booking}" is not on a page with an address of its own, so the sessions cannot link to it.`,
        fix: 'move the booking block to a page with a plain path, such as /book.',
      },
    ];
  return [];
}
