import { choice, enquiry, field } from './forms.ts';
import { callToAction, link, page, quotes, services, siteDocument, steps, team, teamPages, weekdays, type Template } from './shared.ts';

const home = (slug: string, title: string, category: string, summary: string, body: string) => ({ slug, title, category, summary, body });

export const realEstate: Template = {
  label: 'Real-estate agency',
  hint: 'listings, free valuations, agents, buying and selling guides',
  group: 'Professional',
  kind: 'real-estate',
  synonyms: ['realtor', 'estate-agent', 'property', 'lettings', 'rentals', 'broker'],
  build: (a) =>
    siteDocument(a, {
      kind: 'real-estate',
      tagline: `Buying and selling homes in ${a.town}`,
      description: `${a.name} is a real-estate agency in ${a.town}: homes for sale and to rent, free valuations, and agents who live in the neighbourhoods they sell.`,
      hours: [...weekdays('09:00', '18:00'), { days: ['saturday'], opens: '10:00', closes: '16:00' }],
      theme: { colors: { primary: '#0f3d3e', accent: '#9a3412' }, fonts: { heading: 'classical', body: 'system' }, corners: 'soft' },
      nav: [
        ['Homes', '/homes'],
        ['Selling', '/selling'],
        ['Agents', '/agents'],
        ['Free valuation', '/valuation'],
      ],
      footer: `${a.name}, licensed real-estate brokerage, ${a.town}.`,
      hero: {
        eyebrow: `Local agents in ${a.town}`,
        heading: 'Find the home that fits your next chapter',
        text: 'Homes for sale and to rent, honest advice on price, and an agent with you from the first viewing to the keys.',
        actions: [link('See homes for sale', '/homes'), link('What is my home worth?', '/valuation', 'secondary')],
      },
      home: [
        { type: 'item-list', heading: 'Homes on the market', collection: 'homes' },
        quotes('Sellers say', [
          ['They priced it right, the photos were beautiful and we had three offers in a week.', 'The Novak family', `Sold in ${a.town}`],
        ]),
        callToAction(a, 'Thinking of selling?', 'Get a free valuation from an agent who knows your street.', [link('Book a free valuation', '/valuation')]),
      ],
      pages: [
        page('/homes', 'Homes for sale and to rent', `Homes for sale and to rent through ${a.name} in ${a.town}.`, {
          type: 'item-list',
          heading: 'Our listings',
          collection: 'homes',
        }),
        { path: '/homes/{slug}', from: 'homes' },
        page(
          '/selling',
          'Selling your home',
          `How ${a.name} sells homes in ${a.town}: valuation, marketing, viewings and closing.`,
          steps('Selling with us', [
            ['Valuation', 'A free visit and a written price range, with the sales that support it.'],
            ['Marketing', 'Professional photos, a floor plan and a listing on every major portal.'],
            ['Viewings and offers', 'We host the viewings and negotiate the best terms for you.'],
            ['Closing', 'We work with your attorney and lender until the keys change hands.'],
          ]),
          services('Also from our office', [
            ['Lettings', 'Tenants found and checked for landlords, with leases drawn up.', 'home'],
            ['Property management', 'Rent collected and repairs arranged for owners who live away.', 'wrench'],
          ]),
        ),
        ...teamPages('/agents', 'Our agents', `The real-estate agents of ${a.name} and the neighbourhoods they know best.`, 'Meet our agents'),
        page(
          '/valuation',
          'Free valuation',
          `Book a free, no-obligation valuation of your home with ${a.name}.`,
          enquiry(
            'valuation',
            'Book a free valuation',
            'Tell us about the property and when you are free, and an agent will call to arrange a visit.',
            [
              field('address', 'Address of the property', 'text', { required: true }),
              choice('propertyType', 'Type of property', ['House', 'Townhouse', 'Condo or apartment', 'Land']),
              field('bedrooms', 'Bedrooms', 'number', { min: 0, max: 20 }),
              field('visitDay', 'A good day for a visit', 'date'),
              field('visitTime', 'A good time', 'time'),
            ],
            { message: 'Anything we should know about the home?', submit: 'Book valuation' },
          ),
        ),
      ],
      contactIntro: 'Call the office, or drop in to see the week’s new listings in the window.',
      collections: {
        homes: {
          kind: 'page',
          items: [
            home(
              'three-bedroom-near-the-park',
              'Three-bedroom house near the park',
              'For sale',
              'A bright family house with a large garden, two streets from the park. $425,000.',
              'Three bedrooms, two bathrooms and a kitchen opening onto the garden. Walking distance to schools and shops.\n\n**Asking price:** $425,000',
            ),
            home(
              'two-bedroom-apartment-downtown',
              'Two-bedroom apartment downtown',
              'To rent',
              'A second-floor apartment with a balcony in the centre of town. $1,650 a month.',
              'Two bedrooms, an open-plan living room, a balcony and a parking space. Available from the first of next month.\n\n**Rent:** $1,650 a month',
            ),
          ],
        },
        team: team(
          ['Olivia Brennan', 'Broker and owner', `Olivia has sold homes in ${a.town} for eighteen years.`],
          ['Marco Silva', 'Sales agent', 'Marco specialises in first homes and downtown apartments.'],
        ),
      },
    }),
};
