/**
 * The block contract. A block is a plugin: its folder holds everything it is (schema, component,
 * example, styles, island, server half) and `blocks/registry.ts` lists it in one line. The
 * runtime calls these members generically and never names a block.
 */
import type { PendingEdit } from '../runtime/config/problem.ts';
import type { Static, TObject } from '@sinclair/typebox';
import type { ValidateFunction } from 'ajv';
import type { ComponentType } from 'react';
import type { Thing } from 'schema-dts';
import type { Code } from '../runtime/config/codes.ts';
import type { VisitorCookie } from '../runtime/server/cookies.ts';
import type { Site, Target } from '../runtime/site.ts';
import type { RecordDeclaration } from '../runtime/store/records.ts';
import type { RecordKind, StoredRecord } from '../runtime/store/store.ts';
import type { ActionServices } from './contract/services.ts';
import type { PageData, SiteData } from '../schema/site.ts';
import type { BlockData } from '../schema/common.ts';
import type { ItemKind } from '../schema/items.ts';
import type { DeskBoardInputOf, DeskBoardOf, DeskPageInputOf } from './contract/desk.ts';

export type { VisitorCookie };
/** What a block declares of each kind of record it keeps (its `records`), defined beside the store that serves them. */
export type { PersonalFields, RecordDeclaration } from '../runtime/store/records.ts';

// ---- Rendering: what a block's component reads while its page is drawn ----

/** What belongs to one visitor. While a page is rendered for the cache, each value is a placeholder. */
export type Visitor = Record<PerRequestSlot, string> & {
  /** After a refused post: which block on the page it was for (its action's key) and what to show. */
  posted?: { key: string; state: VisitorState };
  /** What blocks with a `load` read for this request, by block type and by each block's own `loadedKey`. */
  loaded?: Readonly<Record<string, unknown>>;
};

/** The blocks a page can use, by type: the runtime is handed the registry, it does not import it. */
export type BlockRegistry = Readonly<Record<string, AnyBlock>>;

declare module '../runtime/site.ts' {
  interface Site {
    /**
     * The blocks the site was read with: the registry its entry point handed in. Declared here, beside
     * what a block is, so that runtime/site.ts need not import the contract (which imports it).
     */
    blocks: BlockRegistry;
  }
}

/** Read-only while rendering: a page's outcome (islands, caching) comes from what its blocks declare. */
export interface RenderContext {
  site: Site;
  target: Target;
  blocks: BlockRegistry;
  /** The visitor's query string, for the few blocks that read it (calculator without JavaScript, pagination). */
  query: Readonly<Record<string, string>>;
  visitor: Visitor;
  /** Where the page's blocks post to: a static export's API server; unset, the page's own address. */
  actionOrigin?: string;
  /** The page is a file of a static export: no server reads its query string, so blocks that answer one do it in the browser. */
  exported?: boolean;
  /** Today's date (YYYY-MM-DD, UTC) for blocks that split upcoming from past. */
  today: string;
  /** The time the page is made, in epoch ms, for blocks that read the day in the site's own time zone; Date.now when absent. */
  now?: number;
  /** Mark where each of the page's own blocks begins and ends (see BLOCK_MARK), for `sitewright doctor --layout`. */
  markBlocks?: boolean;
}

// ---- Services: what a block's server half may use (blocks/contract/services.ts) ----

export type { ActionServices, Checkouts, ContactList, Ledger } from './contract/services.ts';

// ---- The owner's desk: the boards a block adds to it (blocks/contract/desk.ts) ----

export type { DeskActed, DeskCsv, DeskFile, DeskMoneyPart, DeskPage, DeskRow, DeskSession } from './contract/desk.ts';
export type DeskBoardInput = DeskBoardInputOf<ActionServices>;
export type DeskPageInput = DeskPageInputOf<ActionServices>;
export type DeskBoard = DeskBoardOf<ActionServices>;

// ---- The block definition and its parts ----

/**
 * The visitor's block cookies, by name: only values this server signed for this site (see
 * runtime/server/cookies.ts), so a block can trust them as its own. A block sets one by returning
 * it in its ActionResult's `cookies`; the runtime signs it, scopes it to the site's path and makes
 * it HttpOnly, SameSite=Lax and (on an https origin) Secure. Read-only here.
 */
export type VisitorCookies = Readonly<Record<string, string>>;

/** What a block's `load` reads: the page, the visitor's query string and cookies, and the services. */
export interface LoadInput<P> {
  site: Site;
  target: Target;
  props: P;
  query: Readonly<Record<string, string>>;
  /** The visitor's block cookies (empty for `publicData`, which is the same for everyone). */
  cookies: VisitorCookies;
  services: ActionServices;
}

/** A paid checkout handed to the block that opened it: its opening entry (amounts, details) and the entry that says it was paid. */
export interface PaidInput {
  site: Site;
  opened: StoredRecord;
  paid: StoredRecord;
  services: ActionServices;
  log: ActionInput<unknown>['log'];
}

/** What a block's hourly work gets: the site, its props, the services and the time (tests give their own). */
export interface ScheduledInput<P> {
  site: Site;
  props: P;
  services: ActionServices;
  log: ActionInput<unknown>['log'];
  now: number;
}

/** A problem a block finds in its own props that JSON Schema cannot express. */
export interface BlockIssue {
  /** Path below the block, such as ['outputs', 0, 'formula']. */
  path: (string | number)[];
  code: Code;
  /** Point at the key (for something missing) or, by default, at the value. */
  target?: 'key' | 'value';
  detail: string;
  fix: string;
  /** Column offset inside the string value, for problems inside a formula or template. */
  offset?: number;
  span?: number;
  /** The fix's first suggestion as a change to the file. */
  edit?: PendingEdit;
  /** The fix's other changes, each at a path below the block, or from the top of the file with `root`. */
  alsoEdit?: { path: (string | number)[]; root?: boolean; target?: 'key' | 'value'; edit: PendingEdit }[];
  /** The edit is at this path from the top of the file rather than at the issue's own place. */
  editRoot?: (string | number)[];
}

/**
 * When an island is hydrated. `interaction`: when the visitor first points at, touches or focuses
 * it, so a page whose islands nobody touches loads no script; until then it is its server-rendered
 * HTML, forms and links working without JavaScript. `visible`: when it comes near the screen.
 * `load`: at once, for an island that must change what is shown without a touch.
 */
export type HydrateWhen = 'interaction' | 'visible' | 'load';

/** The browser half of an interactive block: a module in the block's own folder and the component it exports. */
export interface IslandModule {
  /** A file in the block's folder, such as "./Form.tsx". The client bundle loads it on pages that use the block. */
  module: string;
  export: string;
  /** When it is hydrated, for every page or as the page being rendered asks; `interaction` when left out. */
  hydrate?: HydrateWhen | ((ctx: RenderContext) => HydrateWhen);
}

/**
 * Per-visitor values the runtime fills into a page that is otherwise rendered once per site
 * version. While a page is rendered for the cache, `ctx.visitor` holds a placeholder for each;
 * per request the placeholder is replaced with the value.
 */
export type PerRequestSlot = 'token';

/**
 * A file a visitor sent with a post, before any check: already on disk in a temporary file within
 * its field's size. The block moves the file where it keeps it; what it leaves is deleted after.
 */
export interface Upload {
  field: string;
  filename: string;
  /** The temporary file (mode 0600, under the data folder, on the same disk as the uploads). */
  path: string;
  size: number;
}

/** A file question a block's post may carry, declared so the server knows its bytes before reading any. */
export interface UploadField {
  field: string;
  /** The largest one file may be, in bytes. */
  maxBytes: number;
  maxFiles: number;
  /** What the visitor reads beside the field when a file is larger. */
  tooLarge: string;
}

export interface ActionInput<P> {
  site: Site;
  target: Target;
  props: P;
  body: Record<string, unknown>;
  uploads: Upload[];
  /** The visitor's block cookies (a cart's id): set by this server for this site, never by hand. */
  cookies: VisitorCookies;
  /** The body's JSON Schema from `bodySchema`, compiled once when the site loaded. */
  validate: ValidateFunction;
  services: ActionServices;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
}

/**
 * What a server action answers; the runtime turns it into a redirect, JSON or the page again.
 * Either may carry `cookies` to set in the visitor's browser with the answer (see VisitorCookies).
 */
export type ActionResult =
  /** Done: go to `redirect` (a page after a post, 303), or answer `json` to a script. */
  | { kind: 'done'; redirect: string; json?: Record<string, unknown>; cookies?: VisitorCookie[] }
  /** Not accepted: the page again with `state` for this block (answers, messages), or `state` as JSON. */
  | { kind: 'refused'; status: number; state: VisitorState; cookies?: VisitorCookie[] };

/** What a block shows a visitor after a refused post: their answers, and messages by field or for the whole. */
export interface VisitorState {
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  problem?: string;
  sent?: boolean;
  /** What a block found for the visitor (a gift certificate's balance), shown in place of the form's messages. */
  result?: Record<string, unknown>;
}

/** Records of `kind` matching `where` are deleted once they are more than `days` days old. */
export interface RetentionRule {
  kind: RecordKind;
  where: Record<string, unknown>;
  days: number;
}

/** The server half of a block: what a POST to a page that shows it does. */
export interface BlockAction<P> {
  /** Which block on the page a post is for (a form names itself in a hidden field). */
  accepts(props: P, body: Record<string, unknown>): boolean;
  /** A name for this block on its page, used to hand a refused post's state back to it. */
  key(props: P): string;
  /** The JSON Schema of an accepted body, made from the block's props; compiled when the site loads. */
  bodySchema(props: P): Record<string, unknown>;
  handle(input: ActionInput<P>): Promise<ActionResult>;
  /**
   * The file questions of a post to this block. Left out, or empty, the block takes no files: a
   * multipart body, or any body over a few kilobytes, is refused before it is read.
   */
  uploads?(props: P): readonly UploadField[];
  /**
   * For a block whose page reads data per request (`load`): the query its page is read with when
   * a post is refused, from the visitor's answers (a booking shows the day of the time they chose).
   * Left out, a refused post's page is drawn without loaded data.
   */
  reloadQuery?(props: P, state: VisitorState): Record<string, string>;
}

export interface BlockDefinition<S extends TObject = TObject> {
  /** The `type:` an author writes in YAML; also the key in the registry and the block's folder name. */
  type: string;
  /** A short human name, for docs and error messages. */
  title: string;
  /** What the block is for, one or two sentences (shown in editors and docs). */
  description: string;
  props: S;
  Component: ComponentType<Static<S>>;
  /** A complete, realistic example: reused by tests, docs and the scaffold. */
  example: Static<S>;
  /** When it is the first block of a page it carries the page's h1 (see useIsFirst); otherwise the page gets a plain title header. */
  leads?: boolean;
  /** Fills the {placeholders} in its own text itself (formatted dates, numbers): the page leaves them alone. */
  ownPlaceholders?: boolean;
  /** Stands above a page's title (breadcrumbs): the block after it still counts as the first. */
  aboveTitle?: boolean;
  /**
   * Set to false when a block's optional `collection` has a sensible default even on a page that
   * is not made per item; otherwise leaving it out there is reported.
   */
  collectionFromPage?: boolean;
  /** What its images are, for advice on alt text: the content itself (a gallery: empty alt text hides it), or logos. */
  images?: 'content' | 'logos';
  /** A block that lists a whole collection of this kind (unless filtered or limited): its page is the collection's listing page. */
  lists?: ItemKind;
  /** Blocks it renders inside itself on a page (an item's own blocks), so what a page holds is known before it is rendered. */
  children?(props: Static<S>, target: Target): readonly BlockData[];
  /** Rendered on the server and hydrated in the browser with this component; its props must be plain JSON. */
  island?: IslandModule;
  /** For an island: props worked out on the server for this page, added to the YAML ones (JSON only). */
  islandProps?(props: Static<S>, ctx: RenderContext): Record<string, unknown>;
  /**
   * The origins whose pages the block may show in a frame once a visitor asks (a map: "https://www.openstreetmap.org").
   * Only the pages that hold the block allow them, in their Content-Security-Policy's `frame-src`; every other page frames nothing.
   */
  frames?(props: Static<S>): readonly string[];
  /** Per-visitor values the block reads from `ctx.visitor`: the page is cached with placeholders and filled per request. */
  perRequest?: readonly PerRequestSlot[];
  /** The page shows what a visitor typed in (an application): no cache may keep it. */
  noStore?(props: Static<S>): boolean;
  /**
   * When what the block shows next changes by itself (a date field's "today", at the site's
   * midnight), in epoch ms after `now`; undefined when it never does. A kept page is made again then.
   */
  changesAt?(props: Static<S>, site: Site, now: number): number | undefined;
  /** The block's server half: what a POST to its page does. */
  action?: BlockAction<Static<S>>;
  /** The kinds of record it keeps in its site's store, and what in them is personal (see RecordDeclaration). */
  records?: readonly RecordDeclaration[];
  /** How long the records it writes are kept: the server deletes older ones (and their files) once a day. */
  retain?(props: Static<S>): readonly RetentionRule[];
  /** Its pages on the owner's desk (runtime/desk/, see DeskBoard), listed on a site that shows the block: its bookings, its orders, a form's inbox. */
  deskBoards?: readonly DeskBoard[];
  /** Checks the schema cannot make, run once when the site loads; `site` is the whole document (read it defensively: other parts may be invalid). */
  check?(props: Static<S>, site: Partial<SiteData>): BlockIssue[];
  /**
   * The key whose value names the block in its site (a form's `form`), and why two of them may not
   * share a name. Two blocks of this type with one name are a problem at the second, unless both
   * are written exactly alike: the same block shown on two pages.
   */
  namedBy?: { key: keyof Static<S> & string; why: string };
  /**
   * A page showing this block that a site gets without writing it, when its settings ask for one
   * (`search: true` brings the /search page). Left out when the site has a page at that address.
   * `site` is the whole document, read defensively like `check`'s; `setting` is the top-level key
   * that asks for the page, where a problem with it is reported.
   */
  ownPage?(site: Partial<SiteData>): { setting: string; page: PageData } | undefined;
  /**
   * Data read per request for this block (a receipt, from the ledger): the page is rendered afresh
   * for each visitor with it in `ctx.visitor.loaded[type]` (and, for a block with an action, under
   * its own `loadedKey` too, so two blocks of a type on one page each find theirs), and never cached.
   */
  load?(input: LoadInput<Static<S>>): Promise<unknown>;
  /**
   * For a block with `load`: whether these props need it (a registration form with places to
   * count); false, and its page stays kept and shared like any other. Left out: always. Only pages
   * holding a block that needs it are rendered per request.
   */
  fresh?(props: Static<S>): boolean;
  /**
   * Data its island fetches without a reload, answered as JSON at its page's address with
   * `?_data=<type>` and the rest of the query (a booking calendar's free times of another day).
   * Only what the page shows to anyone: never what a visitor's own link or post unlocks.
   */
  publicData?(input: LoadInput<Static<S>>): Promise<unknown>;
  /** Money: what happens once a checkout this block opened is paid (issue a certificate, thank a donor). Called once per checkout. */
  paid?(input: PaidInput): Promise<void>;
  /** Money: a monthly checkout this block opened is paid again (a later month); `paid` is that month's entry. Called once per month. */
  renewed?(input: PaidInput): Promise<void>;
  /**
   * Money: a checkout this block opened is refunded in full (by the owner, or at the provider): take
   * back what it gave (a certificate's balance). Called after each refund that leaves it so; keyed entries keep it to once.
   */
  refunded?(input: PaidInput): Promise<void>;
  /** Work due at a time (a gift certificate e-mailed on its delivery date): run by the server every hour, and at start, for every site showing the block. */
  scheduled?(input: ScheduledInput<Static<S>>): Promise<void>;
  /** schema.org nodes the block adds to its page's JSON-LD graph. */
  structuredData?(props: Static<S>, site: Site, target: Target): Thing[];
}

/**
 * A block of any props type: what the registry holds. Each block's props type is its own, and a
 * definition is invariant in it (its component takes it, its checks read it), so no narrower type fits all.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyBlock = BlockDefinition<any>;

export const defineBlock = <S extends TObject>(definition: BlockDefinition<S>): BlockDefinition<S> => definition;
