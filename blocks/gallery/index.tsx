import { Type } from '@sinclair/typebox';
import { Image, Text } from '../../schema/common.ts';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { defineBlock, type BlockIssue } from '../contract.ts';

const Photo = Type.Object(
  {
    ...Image.properties,
    alt: Type.String({
      description: 'What the photo shows, for people who cannot see it, such as "New oak kitchen with a marble island". Not a file name and not just "photo".',
    }),
    caption: Type.Optional(Text('A short caption shown under the photo.', { maxLength: 160 })),
  },
  { additionalProperties: false, description: 'One photo: its file, what it shows, its size, and an optional caption.' },
);

const props = Type.Object(
  {
    heading: Text('The heading above the photos, such as "Recent projects".'),
    intro: Type.Optional(Text('A sentence under the heading.')),
    images: Type.Array(Photo, { minItems: 1, maxItems: 48, description: 'The photos, in order.' }),
    columns: Type.Unsafe<2 | 3 | 4>({
      type: 'integer',
      enum: [2, 3, 4],
      default: 3,
      description: 'How many photos sit side by side on a wide screen: 2, 3 or 4. Phones show one or two.',
    }),
    crop: Type.Boolean({
      default: true,
      description: 'true trims every photo to the same 4:3 shape so the rows line up; false shows each photo whole.',
    }),
  },
  { additionalProperties: false },
);

/** Alt text that says nothing about the picture: a file name, a camera's name for it, or a generic word. */
const FILE_LIKE = [
  /\.(jpe?g|png|gif|webp|avif|heic|svg|tiff?|bmp)$/i,
  /^(img|dsc|dscn|dcim|pxl|mvimg|screenshot|whatsapp image)[\s_-]*\d[\w\s.-]*$/i,
  /^\S*_\S*$/,
];
const GENERIC = /^(an? )?(image|img|photo|photograph|picture|pic|foto|graphic|screenshot|untitled|gallery)( ?\d+)?$/i;

export function altProblem(alt: string): string | undefined {
  const text = alt.trim();
  if (!text) return 'is empty';
  if (FILE_LIKE.some((pattern) => pattern.test(text))) return `looks like a file name ("${text}")`;
  if (GENERIC.test(text)) return `says only "${text}"`;
  return undefined;
}

export const gallery = defineBlock({
  type: 'gallery',
  images: 'content',
  title: 'Photo gallery',
  description: 'A grid of photos with alternative text and optional captions, loaded as visitors scroll.',
  props,
  Component({ heading, intro, images, columns = 3, crop = true }) {
    return (
      <section className="block gallery">
        <div className="container">
          <div className="gallery-head">
            <h2>{heading}</h2>
            {intro ? <p className="lede">{intro}</p> : null}
          </div>
          <ul className={`gallery-grid gallery-cols-${columns}${crop ? ' gallery-crop' : ''}`}>
            {images.map(({ caption, ...image }, i) => (
              <li key={i}>
                <figure className="gallery-item">
                  <Img image={image} sizes={SIZES.gallery(columns)} className="gallery-image" />
                  {caption ? <figcaption>{caption}</figcaption> : null}
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  },
  example: {
    heading: 'Recent projects',
    intro: 'A few of the kitchens and bathrooms we finished this year around Maple Falls.',
    images: [
      {
        src: 'gallery/oak-kitchen.jpg',
        alt: 'Oak kitchen with a white marble island and three pendant lights',
        caption: 'Kitchen remodel, Millbrook',
      },
      {
        src: 'gallery/walk-in-shower.jpg',
        alt: 'Walk-in shower with green tiles and a brass rain head',
        caption: 'Bathroom refit, Old Town',
      },
      { src: 'gallery/pantry.jpg', alt: 'Painted pantry shelves holding jars and baskets' },
    ],
    columns: 3,
    crop: true,
  },
  check(p) {
    const issues: BlockIssue[] = [];
    p.images.forEach((image, i) => {
      const problem = altProblem(image.alt);
      if (problem) {
        issues.push({
          path: ['images', i, 'alt'],
          code: 'SW_BAD_FORMAT',
          detail: `The alt text of "${image.src}" ${problem}, so people who cannot see the photo learn nothing from it.`,
          fix: 'describe what the photo shows in a few words, such as "Oak kitchen with a marble island".',
        });
      }
    });
    return issues;
  },
});
