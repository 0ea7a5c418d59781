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
  /** The buyer gives no address for it (collect in store). */
  noAddress?: boolean;
}

export interface CartView {
  lines: CartLineView[];
  gone: GoneLineView[];
  count: number;
  subtotal: string;
  /** The ways it may reach the buyer; none when it holds gift cards alone, which go by e-mail. */
  methods: MethodView[];
  /** It holds gift cards: the checkout asks whom they are for. */
  gifts?: boolean;
}

export interface OrderView {
  number: string;
  status: string;
  placed: string;
  lines: { name: string; quantity: number; total: string }[];
  subtotal: string;
  delivery: { label: string; fee: string };
  total: string;
  /** Where it goes: "Delivered to" and the address, "To collect" and where and when, or whom its gift cards were e-mailed to. */
  place: { heading: string; lines: string[] };
  /** Its gift cards' codes with what each is worth. */
  cards?: string[];
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
