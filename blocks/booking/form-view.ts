/**
 * The booking form's view: plain JSON the server works out (`view.ts`) and the island draws
 * (`BookingForm.tsx`), and the day a script fetches when a visitor picks another day or choice.
 */
import type { VisitorState } from '../contract.ts';
import type { FormField } from '../kits/fields/schema.ts';

export interface DayLink {
  date: string;
  label: string;
  href: string;
}

export interface SlotView {
  id: string;
  label: string;
  left: number;
  /** What is left, in words: "Available", "5 places left", "Room for 2 bikes", "Full". */
  note: string;
}

/** One thing the block books (the block itself, or a room, a coach, a class), with what the form needs to know of it. */
export interface OptionView {
  resource: string;
  label: string;
  facts: string;
  description?: string;
  href: string;
  min: number;
  max: number;
  /** What a booking counts, more than one: "players" (a whole room), "people", or the author's unit ("bikes"). */
  people: string;
  price: string;
  /** The deposit paid online and the rest paid at the visit, in words: "$20 deposit now, $89 at the visit". */
  deposit?: string;
}

/** A link to the page of dates before or after those shown. */
export interface PageLink {
  label: string;
  href: string;
}

/** The days of one option and the free times of the day shown: what a click on a day or a choice fetches. */
export interface DayView {
  choice: string;
  dates: DayLink[];
  /** The dates before and after these, within the booking horizon: "Earlier dates", "Later dates". */
  earlier?: PageLink;
  later?: PageLink;
  date?: string;
  /** The legend of the times: "Time on Thursday, November 26, 2026". */
  legend: string;
  slots: SlotView[];
  picked?: string;
}

export interface BookedView {
  title: string;
  when: string;
  peopleLabel: string;
  players: number;
  status: string;
  /** With a deposit: what was paid to book, and what is left to pay at the visit ("$20", "$89"). */
  deposit?: string;
  balance?: string;
  gift?: string;
  cancellable: boolean;
  /** Why it can or cannot be cancelled now, in a sentence. */
  cancelText?: string;
  token: string;
}

export interface BookingFormView {
  id: string;
  anchor: string;
  action: string;
  page: string;
  token: string;
  heading?: string;
  label: string;
  introHtml?: string;
  testMode: boolean;
  choose?: string;
  options: OptionView[];
  multiple: boolean;
  day: DayView;
  giftCards: boolean;
  /** The block's own questions, their date bounds written as dates for today in the site's zone. */
  questions: FormField[];
  cancelHours: number;
  submit: string;
  state?: VisitorState;
  booking?: BookedView;
  unknownBooking?: boolean;
}
