/**
 * How wide pictures show where blocks place them, as `sizes` values: worked out from the layout's
 * own measures (styles.css: a 72rem band, 44rem for an item's text, 1.25rem margins each side),
 * so that a browser picks the smallest copy that is still sharp.
 */
const BAND = 'calc(100vw - 2.5rem)';

/** In a grid of `columns` (one a row on phones, two from `two`, all from 60rem). */
const grid = (columns: number, two: string) =>
  `(min-width: 74.5rem) ${Math.round(72 / columns)}rem, (min-width: 60rem) ${Math.round(100 / columns)}vw, (min-width: ${two}) 50vw, ${BAND}`;

export const SIZES = {
  /** A hero's image: beside its text from 56rem (just under half the band), else the band. */
  hero: `(min-width: 74.5rem) 33rem, (min-width: 56rem) 46vw, ${BAND}`,
  /** An item's own page (a post, an event, a person): the narrow text column. */
  article: `(min-width: 46.5rem) 44rem, ${BAND}`,
  /** A card of a list: about a third of the band on a wide screen. */
  card: grid(3, '40rem'),
  cards: (columns: number) => grid(columns, '40rem'),
  gallery: (columns: number) => grid(columns, '30rem'),
  /** A team member's round photo. */
  portrait: '7rem',
  /** A person's own page: at most 22rem. */
  person: `(min-width: 24.5rem) 22rem, ${BAND}`,
  /** A product's photos: half the band beside the order form from 50rem. */
  product: `(min-width: 74.5rem) 35rem, (min-width: 50rem) 48vw, ${BAND}`,
} as const;
