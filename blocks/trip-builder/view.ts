/** What the planner shows for one request, worked out on the server and handed to the island as JSON. */
import type { BookingStatus } from '../kits/scheduling/bookings.ts';
import type { Asked } from './choices.ts';
import type { TripChoices } from './plan.ts';

/** A booked trip, as its signed link shows it. */
export interface BookedTrip {
  date: string;
  party: number;
  status: BookingStatus;
  pickup: string;
  itinerary: string[];
}

export interface TripView {
  /** The first and last local dates that can be booked. */
  today: string;
  last: string;
  /** What the visitor asked for, to show it back in the planner. */
  asked?: Asked;
  /** A message per field: wineries, date, party, pickup. */
  errors: Record<string, string>;
  /** Every field is right: the page plans these. */
  choices?: TripChoices;
  /** Seats of the van not yet taken on the chosen day. */
  seatsLeft?: number;
  /** The trip a signed link names. */
  booked?: BookedTrip;
  /** A link whose token names no trip of this block. */
  unknownBooking?: boolean;
}
