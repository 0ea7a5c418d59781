import { describe, expect, it } from 'vitest';
import { productNode, type ProductData } from './product.ts';

const kit: ProductData = {
  name: 'Moving box kit',
  category: 'Packing',
  summary: 'Boxes for the house you are leaving.',
  description: 'Double-wall boxes.',
  images: [{ src: 'kit.jpg', alt: 'A flat-packed box kit', width: 800, height: 600 }],
  variants: [
    { sku: 'small', label: 'Small: 15 boxes', price: 39, stock: 12 },
    { sku: 'large', label: 'Large: 50 boxes', price: 109.5, stock: 0 },
  ],
  delivery: { charge: 'flat', amount: 6 },
};

describe('a product’s schema.org node', () => {
  it('is a Product with an Offer per variant: its price as written, the currency and whether it is in stock', () => {
    const node = productNode(kit, { currency: 'USD', seller: 'Quick Home Offer', media: (i) => `/qho/media/${i.src}`, inStock: (v) => v.stock > 0 });
    expect(node).toEqual({
      '@type': 'Product',
      name: 'Moving box kit',
      description: 'Boxes for the house you are leaving.',
      category: 'Packing',
      image: ['/qho/media/kit.jpg'],
      brand: { '@type': 'Brand', name: 'Quick Home Offer' },
      offers: [
        {
          '@type': 'Offer',
          name: 'Small: 15 boxes',
          sku: 'small',
          price: 39,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          seller: { '@type': 'Organization', name: 'Quick Home Offer' },
        },
        {
          '@type': 'Offer',
          name: 'Large: 50 boxes',
          sku: 'large',
          price: 109.5,
          priceCurrency: 'USD',
          availability: 'https://schema.org/OutOfStock',
          seller: { '@type': 'Organization', name: 'Quick Home Offer' },
        },
      ],
    });
  });
});
