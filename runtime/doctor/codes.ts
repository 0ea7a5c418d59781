/**
 * The codes of `sitewright doctor`: checks of sites that load, for things a schema cannot see.
 * Same shape as the catalogue in runtime/config/codes.ts; every finding is a warning.
 */
export const DOCTOR_CODES = {
  SW_NO_DESCRIPTION: {
    headline: 'A page has no description of its own',
    about: 'The page falls back to the site description, so in search results it looks like every other page of the site.',
  },
  SW_ALT_TEXT: {
    headline: 'An image has no useful alt text',
    about: 'The alt text is empty where the image carries meaning, a file name, or a generic word such as "photo" or "logo".',
  },
  SW_HEADING_SKIP: {
    headline: 'A heading skips a level',
    about: 'On a rendered page a heading comes more than one level below the one before it (an h2 followed by an h4), which breaks the outline screen readers navigate by.',
  },
  SW_DUPLICATE_TITLE: {
    headline: 'Two pages have the same title',
    about: 'Two addresses of a site have the same <title>, so browser tabs and search results cannot tell them apart.',
  },
  SW_THIN_AREA_PAGE: {
    headline: 'Service-area pages say nearly the same thing',
    about: 'The text of two area pages is almost identical once the town names are taken out; search engines treat such pages as doorway pages.',
  },
  SW_LOW_CONTRAST: {
    headline: 'A theme colour is hard to read against another',
    about: 'A pair of theme colours used for text and its background has a contrast ratio under WCAG AA (4.5:1, or 3:1 for the focus outline).',
  },
  SW_BROKEN_ANCHOR: {
    headline: 'A link points to a part of a page that does not exist',
    about: 'A link ends in #name, but the page it leads to has no element with that id.',
  },
  SW_CONTACT_LINK: {
    headline: 'An e-mail or phone link cannot be used',
    about: 'A mailto: link whose address is not an e-mail address, or a tel: link with letters or too few digits.',
  },
  SW_PHONE_STYLE: {
    headline: 'A phone number is written in an unusual form',
    about: 'A phone number in the text is written differently from the site\'s own phone number.',
  },
} as const satisfies Record<`SW_${string}`, { headline: string; about: string }>;

export type DoctorCode = keyof typeof DOCTOR_CODES;
