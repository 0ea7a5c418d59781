/**
 * What the order page shows, as plain JSON: worked out on the server (view.ts) from the YAML, the
 * visitor's cart and the kitchen's times, rendered there, and hydrated in the browser (the island
 * reads the same view, and the cart part of it again from each answer to a post).
 */
import type { Dietary } from '../kits/menu/dietary.tsx';
import type { VisitorState } from '../contract.ts';
import type { PaymentWay } from './schema.ts';

export interface ChoiceView {
  id: string;
  name: string;
  /** What it changes in the price, in minor units. */
  delta: number;
  /** The change in words: "+$2", or "" for none. */
  note: string;
}

export interface GroupView {
  id: string;
  name: string;
  pick: 'one' | 'any';
  required: boolean;
  max?: number;
  choices: ChoiceView[];
}

export interface DishView {
  id: string;
  name: string;
  description?: string;
  /** The price as shown: the amount for an orderable dish, the menu's own words otherwise. */
  price: string;
  /** In minor units, for the live price of the chosen options (display only: the server prices every order itself). */
  amount?: number;
  soldOut: boolean;
  orderable: boolean;
  dietary: Dietary[];
  groups: GroupView[];
}

export interface SectionView {
  name: string;
  description?: string;
  dishes: DishView[];
}

export interface CartLineView {
  id: string;
  name: string;
  options: string[];
  quantity: number;
  unit: string;
  total: string;
}

export interface CartView {
  lines: CartLineView[];
  /** Lines set aside: sold out or off the menu since they were added. */
  unavailable: { id: string; name: string; note: string }[];
  count: number;
  subtotal: string;
  /** The minimum order, when the cart is below it: "The minimum order is $15: add $3 more." */
  short?: string;
}

export interface TimeView {
  id: string;
  label: string;
  full: boolean;
}

export interface DayView {
  date: string;
  label: string;
  times: TimeView[];
}

export interface CheckoutView {
  days: DayView[];
  payment: PaymentWay[];
  delivery?: { fee: string; minimum?: string; postcodes: string[] };
  minimum?: string;
  leadMinutes: number;
  zone: string;
  submit: string;
}

export interface PlacedView {
  number: string;
  status: string;
  when: string;
  fulfilment: 'pickup' | 'delivery';
  address?: string;
  lines: CartLineView[];
  subtotal: string;
  fee?: string;
  total: string;
  paid: string;
  note?: string;
}

export interface OrderPageView {
  id: string;
  anchor: string;
  /** The hidden field's value that sends a post to this block. */
  key: string;
  action: string;
  page: string;
  token: string;
  heading: string;
  introHtml?: string;
  testMode: boolean;
  currency: string;
  locale: string;
  menuHref: string;
  sections: SectionView[];
  cart: CartView;
  checkout: CheckoutView;
  state?: VisitorState;
  placed?: PlacedView;
  unknownOrder?: boolean;
}
