/**
 * The codes only `sitewright doctor` reports (it also reports SW_BROKEN_LINK as a warning); the
 * last five only with --layout.
 * They live in the one catalogue, runtime/config/codes.ts, with every other code.
 */
import { CODES } from '../config/codes.ts';

const NAMES = [
  'SW_NO_DESCRIPTION',
  'SW_ALT_TEXT',
  'SW_HEADING_SKIP',
  'SW_DUPLICATE_TITLE',
  'SW_THIN_AREA_PAGE',
  'SW_LOW_CONTRAST',
  'SW_BROKEN_ANCHOR',
  'SW_CONTACT_LINK',
  'SW_PHONE_STYLE',
  'SW_REPEATED_TITLE',
  'SW_PAGE_OVERFLOW',
  'SW_WIDE_TABLE',
  'SW_HEADER_OVERLAP',
  'SW_SMALL_LOGO',
  'SW_TAP_TARGET',
] as const;

export type DoctorCode = (typeof NAMES)[number];
export const DOCTOR_CODES = Object.fromEntries(NAMES.map((name) => [name, CODES[name]])) as Pick<typeof CODES, DoctorCode>;
