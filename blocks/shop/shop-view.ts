/**
 * The shop's view: plain JSON the server works out (`view.ts`) and the island draws
 * (`ShopCart.tsx`), and the cart a script is answered with after each change.
 */
import type { VisitorState } from '../contract.ts';

export interface CartLineView {
  id: string;
  name: string;
  href?: string;
  unit: string;
  quantity: number;
  total: string;
  most: number;
  /** What is left of it, in words ("Only 3 left"). */
  note: string;
}

export interface GoneLineView {
  id: string;
  name: string;
  reason: string;
}

export interface MethodView {
  method: string;
  label: string;
  fee: string;
  total: string;
  note?: string;
}

export interface CartView {
  lines: CartLineView[];
  gone: GoneLineView[];
  count: number;
  subtotal: string;
  methods: MethodView[];
}

export interface OrderView {
  number: string;
  status: string;
  placed: string;
  lines: { name: string; quantity: number; total: string }[];
  subtotal: string;
  delivery: { label: string; fee: string };
  total: string;
  address: string[];
}

export interface ShopView {
  id: string;
  action: string;
  page: string;
  token: string;
  heading?: string;
  /** The page's title already says what the heading would: no heading of its own. */
  titled?: boolean;
  introHtml?: string;
  testMode: boolean;
  shop?: string;
  holdMinutes: number;
  /** What an address's code and region are called where the site is. */
  words: { code: string; region: string };
  submit: string;
  cart: CartView;
  state?: VisitorState;
  order?: OrderView;
  unknownOrder?: boolean;
}

/** The id of the message under a field, which the field names as what describes it. */
export const errorId = (id: string, field: string) => `${id}-${field}-error`;
