/**
 * The owner's desk in the block contract: the boards a block adds to it (runtime/desk/). A simple
 * board is a list of records with a CSV download and buttons (its `columns` and `rows`); a board
 * that needs more (the inbox: a menu of forms, search, one record's page with its files) draws its
 * own page, record and download. The desk finds the site, checks the owner's session and the CSRF
 * token, draws the menu and keeps the activity list; a board only reads and acts on its site's records.
 */
import type { Site } from '../../runtime/site.ts';
import type { RecordKind, StoredRecord, TenantStore } from '../../runtime/store/store.ts';

/** One record on a page of the owner's desk: its cells in the board's column order, and what may be done to it now. */
export interface DeskRow {
  id: string;
  cells: readonly string[];
  /**
   * What this record says besides the board's columns, each under its own label (a booking's answers
   * to the site's own questions, what is left to pay at the visit): shown after the cells, and a
   * column of their own in the CSV, headed by the label.
   */
  details?: readonly { label: string; text: string }[];
  /**
   * The actions the owner may take on it now (`{ name: 'cancel', label: 'Cancel' }`). One that
   * moves money (a refund) is `ownerOnly`: staff see why they cannot, and the desk refuses their post.
   */
  actions: readonly { name: string; label: string; ownerOnly?: boolean }[];
}

/**
 * What every member of a board is handed, with the services a block's server half uses
 * (`ActionServices`: blocks/contract.ts fills them in, as `DeskBoardInput`, so that this file needs
 * nothing of that module).
 */
export interface DeskBoardInputOf<Services> {
  site: Site;
  services: Services;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
}

/** Who is signed in on the desk: an owner of the site, or staff. Their CSRF token goes into every form that changes something. */
export interface DeskSession {
  id: string;
  email: string;
  name: string;
  role: 'owner' | 'editor' | 'staff';
  csrf: string;
}

/** What a board's own pages are handed: the signed-in site, its store and the session, the address's query and the desk's clock. */
export interface DeskPageInputOf<Services> extends DeskBoardInputOf<Services> {
  tenant: TenantStore;
  session: DeskSession;
  /** The desk's address on this site (`/{site}/desk`): a board's links begin with it. */
  base: string;
  /** The address's query string, its single values only. */
  query: Readonly<Record<string, string>>;
  /** The time of the request, in epoch milliseconds. */
  now: number;
  /** A post's own text fields (what the owner typed into a board's form), its string values only; empty for a page. */
  form: Readonly<Record<string, string>>;
  /** Keeps a line on the desk's Activity page, by the signed-in person: what they did (a short word) and a sentence. */
  note(action: string, detail: string): Promise<void>;
}

/** A page a board draws itself: its title and its HTML, shown in the desk's frame. Everything in `body` is escaped by the board. */
export interface DeskPage {
  title: string;
  body: string;
}

/** A file sent with a record, for the desk to hand over: the name the server gave it in the site's uploads folder, the sender's name for it, and a sentence for the activity list. */
export interface DeskFile {
  stored: string;
  filename: string;
  done: string;
}

/** A board's CSV download of its own: the file's name after the site's (`submissions-contact`), its text, and a sentence for the activity list. */
export interface DeskCsv {
  name: string;
  body: string;
  done: string;
}

/** What an action on a desk board did: a sentence for the owner and the activity list, or why it was refused. */
export type DeskActed =
  /** Done. With `goTo` (an address under the desk's, '' its first page) the owner is sent there; else the board's page is shown with the sentence. */
  { done: string; goTo?: string } | { refused: 404 | 422; problem: string };

/** A part of each month's takings that a board names on the desk's Money page and in its CSV (of it, donations). */
export interface DeskMoneyPart {
  /** The Money page's column heading. */
  label: string;
  /** The column's name in money.csv (lowercase). */
  column: string;
  /** How much of a ledger entry belongs to this part, in minor units of its currency: 0 for none. */
  amountOf(entry: StoredRecord): number;
}

/**
 * A page of the owner's desk for the records a block writes (its bookings, its orders, a form's
 * submissions). The desk lists it in its menu on a site that shows the block, and checks the
 * owner's session, the CSRF token and the record's site before any member runs. Its page is
 * `page` when given, else `intro` above `rows` in `columns`; its CSV is `csv` when given, else the rows.
 */
export interface DeskBoardOf<Services> {
  /** The page's address under /desk and its CSV's name (lowercase letters and dashes). */
  slug: string;
  label: string;
  /** The kind of record it shows: the one that checks of every board (tests) seed and look for. */
  kind: RecordKind;
  /** The desk's first page (the inbox): shown at /{site}/desk itself, first in the menu. */
  home?: boolean;
  /** A sentence above the list. */
  intro?: string;
  columns?: readonly string[];
  /** The records shown, in order. */
  rows?(input: DeskPageInputOf<Services>): Promise<DeskRow[]>;
  /** Does `action` to the record `id` of this site; never reads money or state from the owner's post. Left out, nothing can be done. */
  act?(input: DeskPageInputOf<Services>, id: string, action: string): Promise<DeskActed>;
  /**
   * What `action` on the record `id` will do, when it cannot be undone and so asks to be confirmed
   * (a refund: how much goes back to the card, what is put back on a gift card); undefined to act
   * at once. The desk shows the sentence with a Confirm button and acts only on the confirmed post.
   */
  confirm?(input: DeskPageInputOf<Services>, id: string, action: string): Promise<string | undefined>;
  /** Its page, drawn by the board itself (a menu, a search, counts). */
  page?(input: DeskPageInputOf<Services>): Promise<DeskPage>;
  /** One record's page, at `/desk/{slug}/{id}`; undefined when this site has no such record. */
  record?(input: DeskPageInputOf<Services>, id: string): Promise<DeskPage | undefined>;
  /** The `n`th file sent with a record, at `/desk/{slug}/{id}/files/{n}`; undefined when there is none. */
  file?(input: DeskPageInputOf<Services>, id: string, n: number): Promise<DeskFile | undefined>;
  /** Its CSV download, at `/desk/export/{slug}.csv` (the query may narrow it); undefined when there is none. */
  csv?(input: DeskPageInputOf<Services>): Promise<DeskCsv | undefined>;
  /** A part of the takings it names on the Money page. */
  money?: DeskMoneyPart;
}
