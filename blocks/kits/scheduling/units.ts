/**
 * What a booking counts, in words: the author's `unit` ({ one: bike, other: bikes }) wherever a
 * booking is shown or mailed, or people by default (players when one group takes the whole room).
 */
import type { Bookable, Unit } from './bookable.ts';

export type { Unit };
import { wholeRoom } from './bookable.ts';

/** The words when the author names none; the e-mails say them even for a whole room. */
export const PEOPLE: Unit = { one: 'person', other: 'people' };
const PLAYERS: Unit = { one: 'player', other: 'players' };

/** The words for what a booking counts: the author's, else players for a whole room and people for places. */
export const unitOf = (props: Pick<Bookable, 'unit' | 'capacity'>): Unit => props.unit ?? (wholeRoom(props) ? PLAYERS : PEOPLE);

/** A count with its word: "1 bike", "3 people". */
export const countOf = (n: number, unit: Unit): string => `${n} ${n === 1 ? unit.one : unit.other}`;

/** A word with its first letter in capitals, for a label ("Bikes"). */
export const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * What an open time has left, in words: "Available" when one group takes it whole, "Room for 2 bikes"
 * when the author named what is counted, else "12 places left".
 */
export function leftWords(left: number, whole: boolean, unit: Unit | undefined): string {
  if (whole) return 'Available';
  if (unit) return `Room for ${countOf(left, unit)}`;
  return `${left} ${left === 1 ? 'place' : 'places'} left`;
}
