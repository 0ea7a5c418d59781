/**
 * Field types shared by the site document and the blocks. Every field carries a description:
 * it is what editors show on hover and what the author docs print.
 */
import { Type, type Static } from '@sinclair/typebox';

/**
 * Marks a string field so the loader can check what it points at: a page, a collection (of a
 * given kind of items, as "collection:person"), a media file, or the links inside Markdown.
 */
export type RefKind = 'link' | 'collection' | 'media' | 'markdown';
export const refTo = (kind: RefKind, itemKind?: string) => ({ 'x-check': itemKind ? `${kind}:${itemKind}` : kind });

/** One of a fixed list of words; written as a plain JSON Schema enum so that errors can list the choices. */
export const Enum = <const T extends readonly string[]>(values: T, description: string, extra: object = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description, ...extra });

export const Text = (description: string, extra: Record<string, unknown> = {}) => Type.String({ minLength: 1, description, ...extra });

export const Markdown = (description: string) => Type.String({ minLength: 1, description: `${description} Written in Markdown.`, ...refTo('markdown') });

export const Href = (description: string) =>
  Type.String({
    minLength: 1,
    pattern: '^(/|#|https?://|mailto:|tel:)',
    title: 'a path in this site starting with "/", or a full address',
    description: `${description} A path inside this site ("/contact", "/blog/first-post#comments"), or a full address (https://..., mailto:..., tel:...).`,
    examples: ['/contact'],
    ...refTo('link'),
  });

export const Link = Type.Object(
  {
    label: Text('The words on the link or button.'),
    href: Href('Where the link goes.'),
  },
  { additionalProperties: false, description: 'A link: its words and where it goes.' },
);
export type Link = Static<typeof Link>;

export const Action = Type.Object(
  {
    label: Text('The words on the button.'),
    href: Href('Where the button goes.'),
    style: Type.Optional(
      Enum(['primary', 'secondary'], 'primary is the filled main button; secondary is an outlined quieter one.', {
        default: 'primary',
      }),
    ),
  },
  { additionalProperties: false, description: 'A button that links somewhere.' },
);
export type Action = Static<typeof Action>;

export const Image = Type.Object(
  {
    src: Type.String({
      minLength: 1,
      pattern: '^(?![a-z]+:)(?!/)[A-Za-z0-9._/-]+$',
      title: 'a file name from the media folder',
      description: "The image file, relative to the site's media folder (sites/<prefix>/media/), such as team/ana.jpg.",
      examples: ['storefront.jpg'],
      ...refTo('media'),
    }),
    alt: Type.String({
      description: 'What the image shows, for people who cannot see it. Write "" only for a purely decorative image.',
    }),
    width: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 8000,
        description:
          'Usually left out: Sitewright reads the size from the file. Written, the largest width in pixels to show it at, in the shape of the file and no larger than it.',
      }),
    ),
    height: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 8000,
        description:
          'Usually left out: Sitewright reads the size from the file. Written, the largest height in pixels to show it at, in the shape of the file and no larger than it.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'An image from the media folder with its alternative text. Its size is read from the file (so the page does not jump while it loads), and photos are sent in smaller AVIF, WebP and JPEG copies sized for each screen.',
  },
);
export type Image = Static<typeof Image>;

export const DateString = (description: string) =>
  Type.String({ format: 'date', title: 'a date written YYYY-MM-DD', description: `${description} Written as YYYY-MM-DD.`, examples: ['2026-03-14'] });

export const Time = (description: string) =>
  Type.String({
    pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
    title: 'a 24-hour time (HH:MM)',
    description: `${description} 24-hour time, HH:MM.`,
    examples: ['09:00'],
  });

export const Phone = (description: string) =>
  Type.String({
    pattern: '^\\+?[0-9(][0-9 ().-]{5,20}[0-9]$',
    title: 'a phone number',
    description: `${description} Digits with spaces, dashes, dots or brackets, such as 555-0142 or (555) 555-0142.`,
    examples: ['(555) 555-0142'],
  });

export const Email = (description: string) => Type.String({ format: 'email', title: 'an e-mail address', description, examples: ['hello@example.com'] });

export const Slug = (description: string) =>
  Type.String({
    pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
    title: 'a slug (lowercase letters, digits and single dashes)',
    description: `${description} Lowercase letters, digits and single dashes.`,
    examples: ['spring-cleaning-checklist'],
  });

export const CollectionName = (description: string, itemKind?: string) =>
  Type.String({
    pattern: '^[a-z][a-z0-9-]*$',
    title: 'a collection name',
    description: `${description} The name of a collection under "collections".`,
    examples: ['posts'],
    ...refTo('collection', itemKind),
  });

/** A reference to the block union, so blocks and detail pages can hold blocks. */
export const BlockList = (description: string) => Type.Array(Type.Unsafe<BlockData>({ $ref: '#/$defs/block' }), { description });

export interface BlockData {
  type: string;
  [key: string]: unknown;
}
