import { callToAction, cards, link, page, receiptPage, saturday, siteDocument, weekdays, type Template } from './shared.ts';

/** A product sold in one size, with a flat delivery fee. */
const product = (slug: string, name: string, category: string, summary: string, description: string, price: number, stock: number) => ({
  slug,
  name,
  category,
  summary,
  description,
  variants: [{ sku: 'standard', label: name, price, stock }],
  delivery: { charge: 'flat', amount: 6 },
});

export const shop: Template = {
  label: 'Shop or boutique',
  hint: 'products, cart and checkout, local delivery, opening hours',
  group: 'Shops & services',
  kind: 'retail',
  synonyms: ['store', 'boutique', 'gift-shop', 'retail', 'florist', 'bookshop'],
  build: (a) =>
    siteDocument(a, {
      kind: 'retail',
      tagline: `Gifts and homeware, chosen with care in ${a.town}`,
      description: `${a.name} is an independent gift and homeware shop in ${a.town}: candles, ceramics and stationery from small makers, in the shop and online.`,
      hours: [...weekdays('10:00', '18:00'), saturday('09:30', '17:00')],
      theme: {
        colors: { primary: '#374151', accent: '#be123c', background: '#fffdfb', surface: '#f5f0eb' },
        fonts: { heading: 'geometric', body: 'system' },
        corners: 'soft',
      },
      nav: [
        ['Shop', '/shop'],
        ['Your cart', '/shop/cart'],
        ['Visit us', '/visit'],
      ],
      footer: `${a.name}, ${a.town}. Made by small makers, sold by people who know them.`,
      takesMoney: true,
      hero: {
        eyebrow: `Independent shop in ${a.town}`,
        heading: 'Thoughtful gifts from people who make things by hand',
        text: 'Everything on our shelves comes from a small maker we know by name. Buy online or come and browse.',
        actions: [link('Shop online', '/shop'), link('Visit the shop', '/visit', 'secondary')],
      },
      home: [
        { type: 'product-list', heading: 'New on the shelves', collection: 'products', more: { label: 'See everything', href: '/shop' } },
        cards('Why shop with us', [
          ['Small makers', 'Potters, printers and candle makers, most within a day’s drive.'],
          ['Gift wrapped free', 'Tell us at the checkout and it arrives wrapped, with a handwritten card.'],
          ['Easy returns', 'Anything unused can come back within 30 days.'],
        ]),
      ],
      pages: [
        page(
          '/shop',
          'Shop online',
          `Buy candles, ceramics and stationery from ${a.name} online, with local delivery or shipping.`,
          {
            type: 'product-list',
            heading: 'Everything in stock',
            collection: 'products',
            empty: 'Everything is sold out right now; new pieces arrive every week.',
          },
          callToAction(a, 'Looking for something in particular?', 'We have more in the shop than online; call and we will check the shelves.'),
        ),
        {
          path: '/shop/{slug}',
          from: 'products',
          title: '{name}',
          blocks: [{ type: 'product', cart: '/shop/cart', back: { label: 'Back to the shop', href: '/shop' } }],
        },
        {
          ...page('/shop/cart', 'Shopping cart', `The things you have chosen at ${a.name}, their delivery and the checkout.`, {
            type: 'shop',
            collection: 'products',
            heading: 'Your cart',
            intro: 'Orders paid by noon leave the shop the same day. Anything unused can be returned within 30 days.',
            shipping: { label: 'Shipping', note: 'Usually 3 to 5 working days.' },
            local: { label: `Local delivery in ${a.town}`, fee: 4, note: 'Dropped at your door within two working days.' },
          }),
          noindex: true,
        },
        receiptPage(
          a,
          `Thank you for your order! A confirmation is on its way by e-mail, and we will let you know when it leaves the shop. Questions? Call ${a.phone}.`,
        ),
        page(
          '/visit',
          'Visit the shop',
          `Where to find ${a.name} in ${a.town}, when it is open and what you will find there.`,
          cards('In the shop', [
            ['Workshops', 'Candle-making and block-printing evenings once a month.'],
            ['Gift cards', 'Any amount, spent in the shop or online.'],
            ['Parking', 'Free on the street after 6 pm and all Sunday.'],
          ]),
        ),
      ],
      contactIntro: 'Call to check whether something is in stock or to put it aside for you.',
      collections: {
        products: {
          kind: 'product',
          items: [
            product(
              'fig-leaf-candle',
              'Fig leaf candle',
              'Home',
              'A soy wax candle that smells of green figs and cedar, poured by hand.',
              'Poured in small batches in a recycled glass jar. Burns for about 40 hours. Trim the wick before each burn.',
              28,
              20,
            ),
            product(
              'speckled-mug',
              'Speckled stoneware mug',
              'Kitchen',
              'A hand-thrown mug with a speckled cream glaze that holds a generous coffee.',
              'Thrown on the wheel and glazed by hand, so each one is a little different. Holds 12 ounces. Safe in the dishwasher.',
              32,
              12,
            ),
            product(
              'letterpress-notebook',
              'Letterpress notebook',
              'Stationery',
              'A pocket notebook with a letterpress cover and 64 pages of plain recycled paper.',
              'Printed on a hundred-year-old press and sewn by hand. Lies flat when open.',
              14,
              30,
            ),
          ],
        },
      },
    }),
};
