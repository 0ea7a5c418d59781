import { Type } from '@sinclair/typebox';
import { Text } from '../../schema/common.ts';
import { defineBlock } from '../contract.ts';

const Testimonial = Type.Object(
  {
    quote: Text('What they said, in their words. Quotation marks are added for you.', { maxLength: 600 }),
    name: Text('Who said it, such as "Maria G." (ask before using a full name).', { maxLength: 80 }),
    detail: Type.Optional(Text('A few words about them, such as "Homeowner, Millbrook".', { maxLength: 80 })),
    rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: 'Their rating out of 5 stars, from 1 to 5.' })),
  },
  { additionalProperties: false, description: 'One testimonial.' },
);

const props = Type.Object(
  {
    heading: Text('The heading above the testimonials, such as "What our customers say".'),
    items: Type.Array(Testimonial, { minItems: 1, maxItems: 12, description: 'The testimonials, in order.' }),
  },
  { additionalProperties: false },
);

/** Quotation marks are added around the quote, so any the author typed are dropped. */
const unquote = (quote: string) => quote.trim().replace(/^["“”]+|["“”]+$/g, '');

/** Five small stars, the first `rating` of them filled: a picture of the rating, hidden from screen readers. */
function Stars({ rating }: { rating: number }) {
  return (
    <span className="testimonial-stars" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 24 24" width="18" height="18" className={n <= rating ? 'star-on' : 'star-off'} focusable="false">
          <path d="M12 2.5l2.8 6.5 7 .6-5.3 4.6 1.6 6.9L12 17.4l-6.1 3.7 1.6-6.9L2.2 9.6l7-.6z" />
        </svg>
      ))}
    </span>
  );
}

export const testimonials = defineBlock({
  type: 'testimonials',
  title: 'Testimonials',
  description: 'Quotes from customers, each with their name, an optional detail and an optional star rating.',
  props,
  Component({ heading, items }) {
    return (
      <section className="block testimonials">
        <div className="container">
          <h2 className="testimonials-heading">{heading}</h2>
          <ul className="card-grid testimonials-grid">
            {items.map((t, i) => (
              <li key={i} className="card testimonial">
                <figure>
                  {t.rating ? (
                    <p className="testimonial-rating">
                      <Stars rating={t.rating} />
                      <span className="visually-hidden">{t.rating} out of 5 stars</span>
                    </p>
                  ) : null}
                  <blockquote>
                    <p>“{unquote(t.quote)}”</p>
                  </blockquote>
                  <figcaption>
                    <span className="testimonial-name">{t.name}</span>
                    {t.detail ? (
                      <>
                        {' '}
                        <span className="testimonial-detail">{t.detail}</span>
                      </>
                    ) : null}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  },
  example: {
    heading: 'What our patients say',
    items: [
      {
        quote: 'I used to dread the dentist. Dr. Patel explained every step and I honestly did not feel a thing.',
        name: 'Maria G.',
        detail: 'Patient since 2019',
        rating: 5,
      },
      {
        quote: 'They fitted my son in the same morning he chipped a tooth at soccer practice. Calm, kind and quick.',
        name: 'David R.',
        detail: 'Parent, Millbrook',
        rating: 5,
      },
      {
        quote: 'Thursday evening appointments are a lifesaver with my work schedule.',
        name: 'Ana L.',
        detail: 'Patient since 2022',
        rating: 4,
      },
    ],
  },
});
