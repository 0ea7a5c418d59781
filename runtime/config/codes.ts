/**
 * Every author-facing problem, by its permanent code. The headline is the one sentence
 * printed after the code; docs/errors.md is generated from this list.
 */
export const CODES = {
  SW_FILE_MISSING: { headline: 'The site folder has no site.yaml', about: 'Every folder in sites/ is a site and needs a site.yaml.' },
  SW_YAML_SYNTAX: {
    headline: 'The file is not valid YAML',
    about: 'The YAML parser could not read this spot: often a missing colon, a stray quote or uneven indentation.',
  },
  SW_DUPLICATE_KEY: { headline: 'A key is written twice', about: 'The same key appears twice in one block of keys; only one can be kept.' },
  SW_EMPTY_FILE: { headline: 'The file is empty', about: 'site.yaml has no content.' },
  SW_YAML_ALIAS: {
    headline: 'An alias cannot be used',
    about:
      'A "*name" alias repeats the part marked "&name": it needs that anchor above it, must not sit inside the part it repeats, and may not make the file enormous once every alias is written out.',
  },
  SW_LOAD_FAILED: {
    headline: 'Sitewright could not read this file',
    about:
      'Reading the file stopped on a fault of Sitewright itself, not of the file. The other sites are not affected; the message says what happened, for a report.',
  },
  SW_SITE_TOO_LARGE: {
    headline: 'The file is too large',
    about:
      "A site document is read within a budget so that no site can hold up the others: at most 512 KB by default (the server's SITE_MAX_BYTES changes it). The largest real site is about a tenth of that; pictures and documents belong in the media folder.",
  },
  SW_YAML_TAG: {
    headline: 'A YAML tag cannot be used',
    about:
      'A tag such as "!!binary" or "!!js/function" asks YAML to make bytes, code or an object. A site is text, numbers, true or false, lists and groups of keys; any other tag is refused.',
  },
  SW_TOO_DEEP: {
    headline: 'Groups are nested too deeply',
    about:
      'Lists and groups of keys inside each other more than 32 deep: no part of a site needs more than about ten, and deeper nesting only costs time to read.',
  },
  SW_KEY_TOO_LONG: { headline: 'A key is too long', about: 'A key of more than 100 characters: no key of the format is longer than about thirty.' },
  SW_VALUE_TOO_LONG: {
    headline: 'A name from a fixed list is too long',
    about: "A value such as a block's type or a site's kind, which takes one of a fixed list of names, is longer than 100 characters, which no name is.",
  },
  SW_LOAD_TIMEOUT: {
    headline: 'Reading the file took too long',
    about:
      'Each site is read apart from the others, within a time and memory budget. This file took longer or needed more memory than that, so it was stopped; the site keeps serving its last good version, if it had one, and no other site waited for it.',
  },
  SW_SCHEMA_VERSION: { headline: 'Unknown schemaVersion', about: 'The file is written for a version of the site format this Sitewright does not know.' },
  SW_PREFIX_INVALID: { headline: 'The folder name cannot be a site address', about: 'A site prefix is one lowercase word of letters and digits.' },
  SW_PREFIX_RESERVED: { headline: 'The folder name is reserved', about: 'The platform itself answers at this first path segment.' },
  SW_MISSING_KEY: { headline: 'A required key is missing', about: 'A key this part of the document needs is not there.' },
  SW_UNKNOWN_KEY: { headline: 'Unknown key', about: 'This part of the document has no key by that name; often a typo.' },
  SW_UNKNOWN_BLOCK: { headline: 'Unknown block type', about: 'There is no block with that type.' },
  SW_UNKNOWN_KIND: { headline: 'Unknown collection kind', about: 'There is no collection kind with that name.' },
  SW_WRONG_TYPE: { headline: 'A value has the wrong type', about: 'Text where a number belongs, a single value where a list belongs, and so on.' },
  SW_EMPTY_VALUE: { headline: 'A value is missing', about: 'A key is written with nothing after it, or with empty text.' },
  SW_NOT_ALLOWED: { headline: 'A value is not one of the choices', about: 'This key takes one of a fixed list of words.' },
  SW_BAD_FORMAT: {
    headline: 'A value is not in the expected form',
    about: 'A date, colour, e-mail address, phone number or path written in a form that cannot be read.',
  },
  SW_OUT_OF_RANGE: { headline: 'A value is out of range', about: 'A number too small or too large, or text too long.' },
  SW_LIST_SIZE: { headline: 'A list has too many or too few entries', about: 'This list has a smallest or largest allowed size.' },
  SW_NOT_UNIQUE: { headline: 'A list has the same entry twice', about: 'Every entry of this list must be different.' },
  SW_BAD_PATH: { headline: 'A page path cannot be used', about: 'A path is written in a way Sitewright cannot route.' },
  SW_RESERVED_PATH: { headline: 'A page path uses a reserved word', about: 'Sitewright answers this address itself for every site.' },
  SW_NO_HOME: { headline: 'The site has no home page', about: 'No page has the path "/".' },
  SW_MISSING_TITLE: { headline: 'A page has no title', about: 'Every page without parameters needs a title.' },
  SW_EMPTY_PAGE: { headline: 'A page has no blocks', about: 'A page without parameters needs at least one block to show.' },
  SW_DUPLICATE_PATH: { headline: 'Two pages have the same path', about: 'Only one page can live at an address.' },
  SW_ROUTE_CLASH: { headline: 'Two pages have paths of the same shape', about: 'Paths that differ only in their parameter names can never both be reached.' },
  SW_MISSING_FROM: {
    headline: 'A page with parameters does not name its collection',
    about: 'A page such as /blog/{slug} is made once per item, so it needs "from:".',
  },
  SW_FROM_WITHOUT_PARAMS: {
    headline: 'A page names a collection but has no parameters',
    about: '"from:" and "groupBy:" only apply to a path with {parameters}.',
  },
  SW_UNKNOWN_COLLECTION: { headline: 'Unknown collection', about: 'No collection by that name is under "collections".' },
  SW_COLLECTION_KIND: {
    headline: 'The collection holds the wrong kind of items',
    about: 'A block that lists people, posts or events was given a collection of another kind.',
  },
  SW_GROUP_FIELD: { headline: 'groupBy names a field the items do not have', about: 'The items of the collection have no field by that name.' },
  SW_PARAM_UNFILLED: { headline: 'An item cannot fill the page path', about: 'A {parameter} of the path has no field of the same name in the item.' },
  SW_DUPLICATE_SLUG: { headline: 'Two items would have the same address', about: 'Two items of a collection make the same URL.' },
  SW_URL_TAKEN: { headline: 'An address is already taken', about: "An item's page would be at an address that another page already has." },
  SW_DOMAIN_TAKEN: {
    headline: 'A domain is already claimed by another site',
    about:
      'Each domain name can lead to one site only. At start, the site whose folder comes first in alphabetical order keeps it; when a site is reloaded, the site already serving the domain keeps it. The other is not served (or keeps its last good version) until the domain is removed from one of them.',
  },
  SW_UNKNOWN_PLACEHOLDER: {
    headline: 'A title uses a field the items do not have',
    about: 'A {placeholder} in a title or description names no field of the items.',
  },
  SW_BROKEN_LINK: { headline: 'A link points to a page that does not exist', about: 'An internal link matches no page of the site.' },
  SW_MISSING_MEDIA: { headline: 'An image file is missing', about: "The file is not in the site's media folder." },
  SW_MEDIA_TYPE: {
    headline: 'A media file cannot be served',
    about:
      "Only pictures, PDFs, fonts, sound and video are served from a site's media folder, and a file's content must be the type its name says: a web page or script there would run with every site's pages in reach.",
  },
  SW_NOT_AN_IMAGE: {
    headline: 'A file used as an image is not a picture',
    about:
      'An image (a hero, a card, a logo, a gallery photo) names a file whose bytes are a PDF, a font, a sound or a video, or a picture too damaged to read: browsers cannot show it.',
  },
  SW_IMAGE_SIZE: {
    headline: "An image's width and height do not fit its file",
    about:
      'The width and height written beside an image are larger than its file, or of another shape, so it would show blurred, squashed or stretched. They can be left out: Sitewright reads the size from the file.',
  },
  SW_DUPLICATE_NAME: {
    headline: 'Two values share a name',
    about:
      "Names that must be different are not: a calculator's inputs and results, a form's questions, or the forms of a site (two forms shown on different pages may share a name only when they are written exactly alike: one form, shown twice).",
  },
  SW_FORMULA_SYNTAX: { headline: 'The formula cannot be read', about: 'A calculator formula is not written in a form Sitewright can compute.' },
  SW_FORMULA_UNKNOWN_NAME: {
    headline: 'The formula uses a name that is not defined',
    about: 'A name in a formula is not an input, nor a result named above it.',
  },
  // Found by `sitewright doctor` on sites that load: advice, printed as warnings.

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
    about:
      'On a rendered page a heading comes more than one level below the one before it (an h2 followed by an h4), which breaks the outline screen readers navigate by.',
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
    about: "A phone number in the text is written differently from the site's own phone number.",
  },
  SW_REPEATED_TITLE: {
    headline: "The first heading repeats the page's title",
    about:
      "The page's title is shown as its main heading, and the heading right under it says the same words, so visitors read them twice and screen readers announce them twice.",
  },
  // Found by `sitewright doctor --layout`, which renders every page in Chromium.
  SW_PAGE_OVERFLOW: {
    headline: 'A page scrolls sideways',
    about:
      "At a phone's width (320 or 390 px) or a desktop's (1280 px) the page is wider than the screen: something sticks out past its right edge, so visitors must scroll sideways to read the page.",
  },
  SW_WIDE_TABLE: {
    headline: 'A table is wider than a phone',
    about: 'At 320 px wide a table does not fit its column: it scrolls sideways in a box of its own, so visitors see only some of its columns at a time.',
  },
  SW_HEADER_OVERLAP: {
    headline: 'The logo or site name runs into the menu',
    about: "At a phone's width (320 to 414 px) the logo, name or tagline in the header overlaps the menu button, a menu link or the search box.",
  },
  SW_SMALL_LOGO: {
    headline: 'The logo is too small to read on a phone',
    about: 'At 320 px wide the logo in the header is drawn less than 24 px tall, often because a wide logo must shrink to fit beside the menu button.',
  },
  SW_TAP_TARGET: {
    headline: 'A link or button is too small to tap',
    about:
      "At a phone's width a link or button is smaller than 24 by 24 px and too close to another one to be tapped surely (WCAG 2.2, 2.5.8 Target Size). Links inside running text are exempt.",
  },
  SW_PAYMENTS_MISSING: {
    headline: 'A block takes money, but the site has no payments section',
    about:
      'Blocks that take money (payment, donate, gift-certificate) need the site\'s currency and provider, written once under "payments:" at the top level.',
  },
  SW_CURRENCY: { headline: 'Unknown currency', about: 'The currency is written as its three-letter ISO 4217 code in capitals: USD, GBP, EUR, CAD.' },
  SW_AMOUNT: {
    headline: 'An amount cannot be used',
    about: "An amount has more digits after the point than the site's currency has, or a lowest amount is above the highest.",
  },
  SW_ONE_PER_PAGE: {
    headline: 'A block that can appear once per page appears twice',
    about: 'Blocks that read something for each visitor (a receipt, a booking calendar) can be on a page once; put the second one on a page of its own.',
  },
  SW_RECEIPT_PAGE: {
    headline: 'The receipts page is missing',
    about: 'A site that takes money sends payers to a page with a receipt block (by default /payment-success); that page must exist and hold one.',
  },
  // Found when the server opens its data folder: printed in its log and answered to visitors as a form that cannot be sent.

  SW_DATA_LOCKED: {
    headline: 'Another Sitewright process is writing to the data folder',
    about:
      "Only one process may write to a data folder (DATA_DIR) at a time, or two would overwrite each other's submissions. The message names the process that holds it: stop that one, or give this one its own DATA_DIR.",
  },
  SW_DATA_CHANGED: {
    headline: "A site's data file was changed behind the server's back",
    about:
      "The file that holds a site's submissions is not as the server last wrote it (an edit by hand, a restore, another program). Rather than overwrite that change, the server takes no more posts for that site (503) until it is restarted and reads the file as it is.",
  },
  SW_DATA_UNREADABLE: {
    headline: "A site's data file cannot be read",
    about:
      "The file that holds a site's submissions is not valid JSON (a disk fault, or an edit by hand). It is left exactly as it is and only that site's forms stop (503); repair or move the file, and the site takes posts again.",
  },
  SW_DATA_UNREACHABLE: {
    headline: 'The database in DATABASE_URL cannot be used',
    about:
      'With DATABASE_URL set, every site keeps its data in that PostgreSQL database. At start, the server could not connect to it or prepare its tables, and stops; the message says why (check the address, that the server is running and that the user may create a schema). While serving, a form that cannot be stored answers "cannot be sent right now" (503) and nothing is kept half-written; pages keep being served, and forms work again as soon as the database answers.',
  },
  SW_RECORD_KIND: {
    headline: 'A kind of record has a name no store takes',
    about:
      'Every record is kept under its kind, a name its block declares (such as "orderSteps"): a lowercase letter followed by letters and digits, at most 40 characters. A block asked the store for a kind whose name is not so; nothing was read or written. It is a mistake in that block: rename the kind in its `records` and where it reads and writes them.',
  },
  SW_SECRET_MISMATCH: {
    headline: 'Instances sharing a database must share one signing key',
    about:
      "Instances that share DATABASE_URL answer for each other: a time stamp or link signed by one must be accepted by the next. So each must be given the same SITEWRIGHT_SECRET (32 characters or more). The database remembers a fingerprint of the first instance's key (never the key), and an instance with another key refuses to start.",
  },
} as const satisfies Record<`SW_${string}`, { headline: string; about: string }>;

export type Code = keyof typeof CODES;
