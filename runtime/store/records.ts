/**
 * The kinds of record a site's store holds, as declared: the kernel's own here, and each block's in
 * its `records`. Erasure, the data tools and the store's tests read them from `declaredRecords`;
 * no list of kinds is written anywhere else.
 */
import { STUDIO_RECORDS } from '../studio/records.ts';
import { isKindName, type RecordKind } from './store.ts';

/**
 * A kind of record a block keeps in its site's store (its bookings, its orders), declared so the
 * kernel can serve it without knowing the block: the store takes any declared kind, erasure on a
 * person's request finds what holds their address, and the store's tests try every kind on every
 * store with its example. The kernel declares its own kinds the same way (below).
 */
export interface RecordDeclaration {
  /** The kind's name in the store: lowercase letter first, then letters and digits (lowerCamel), at most 40 characters. */
  kind: RecordKind;
  /** What a record of this kind is, in one line. */
  description: string;
  /** What in it is a person's: false for kinds that hold nobody (carts, stock, order steps). */
  personal: false | PersonalFields;
  /** A realistic record of this kind holding this e-mail address where a person's goes (for tests); a kind that holds nobody ignores it. */
  example: (email: string) => Record<string, unknown>;
}

/** Where a kind of record holds a person, and what erasing that person does to it. */
export interface PersonalFields {
  /** Fields whose value may be the person's e-mail address. */
  emailFields: readonly string[];
  /** Fields holding a visitor's answers by question: a record with any answer that is the address is theirs too. */
  answerFields?: readonly string[];
  /** Its `files` lists uploads kept in the site's uploads folder ({ file, filename }): erasing the record deletes them. */
  files?: boolean;
  /** Its `key` is also in the platform's index of contact links (runtime/server/contacts.ts): erasing the record takes it out there. */
  contactLinks?: boolean;
  /**
   * What erasing a visitor's data does to their records of this kind: `delete` them; `keep` them for
   * the accounts (money records the business must keep), counted so the person can be told; or
   * `leave` them, as records of the site's owners (their sign-in links, what they did on the desk)
   * that a visitor's erasure never reaches.
   */
  onErase: 'delete' | 'keep' | 'leave';
}

/** The ledger: every movement of money (runtime/payments/ledger.ts), entries only ever added. */
const ledger: RecordDeclaration = {
  kind: 'ledger',
  description: 'Every movement of money (checkouts opened and paid, refunds, gift certificates), only ever added to.',
  personal: { emailFields: ['email'], onErase: 'keep' },
  example: (email) => ({
    type: 'paid',
    key: 'paid:cs_test_a1b2c3',
    checkout: 'cs_test_a1b2c3',
    amount: 4500,
    currency: 'USD',
    email,
  }),
};

/** The desk's sign-in links (runtime/desk/auth.ts): the digest of each link's secret, never the secret. */
const deskLinks: RecordDeclaration = {
  kind: 'deskLinks',
  description: "Sign-in links e-mailed to the site's owners: the digest of each link's secret, whose it is and until when it works.",
  personal: { emailFields: ['email'], onErase: 'leave' },
  example: (email) => ({
    digest: '9f2c4e1d7a3b5c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f506',
    site: 'tidy',
    email,
    expiresAt: '2026-06-15T12:15:00.000Z',
    used: false,
  }),
};

/** The desk's sessions: the digest of each session's id, the owner's role and the form token. */
const deskSessions: RecordDeclaration = {
  kind: 'deskSessions',
  description: "An owner's signed-in session on the desk: the digest of its id, who and in what role, and when last seen.",
  personal: { emailFields: ['email'], onErase: 'leave' },
  example: (email) => ({
    link: '6d1f0c52-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    digest: '0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5061728394a5b6c7d8e9f',
    email,
    role: 'owner',
    csrf: 'q7Wm2xZ9vB4nK1pL8sD3fG6hJ0aS5dF2',
    lastSeen: '2026-06-15T12:05:00.000Z',
  }),
};

/** The desk's activity list: what each owner did, in their own words. */
const deskActivity: RecordDeclaration = {
  kind: 'deskActivity',
  description: 'One line of what an owner did on the desk (read, marked, cancelled, erased), by whom and when.',
  personal: { emailFields: ['email'], onErase: 'leave' },
  example: (email) => ({ email, name: 'Olga Petrova', action: 'read', detail: 'read a personal submission of “application”', at: '2026-06-15T12:06:00.000Z' }),
};

/* Updates to a site's lists (runtime/mailing/): the campaign an owner wrote, and one job per recipient. */
/** An update written for one list (a newsletter or subscribe form): what it says and when it goes. */
const campaigns: RecordDeclaration = {
  kind: 'campaigns',
  description: 'An update written on the desk for one list: its subject, its Markdown body, the list, when it is sent and by which owner.',
  personal: { emailFields: ['by'], onErase: 'leave' },
  example: (email) => ({
    form: 'newsletter',
    subject: 'Spring opening hours',
    markdown: 'We open at **8** from Monday.',
    sendAt: '2026-06-15T12:00:00.000Z',
    total: 1,
    by: email,
  }),
};

/** One recipient of one update: where it stands (queued, sending, sent, bounced, failed, skipped). */
const campaignJobs: RecordDeclaration = {
  kind: 'campaignJobs',
  description: 'One recipient of an update: the address, the contact it came from, and whether it was sent, retried, bounced or failed, and why.',
  personal: { emailFields: ['email'], onErase: 'delete' },
  example: (email) => ({
    campaign: '6d1f0c52-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    contact: '0a1b2c3d-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    email,
    status: 'queued',
    attempts: 0,
    dueAt: '2026-06-15T12:00:00.000Z',
  }),
};

/** The kernel's own kinds: money, the desk's records of the site's owners, the studio's versions and drafts, and updates to lists. */
export const KERNEL_RECORDS: readonly RecordDeclaration[] = [ledger, deskLinks, deskSessions, deskActivity, ...STUDIO_RECORDS, campaigns, campaignJobs];

/** What the store needs of a block registry: each block's declared records. */
export type RecordRegistry = Readonly<Record<string, { readonly records?: readonly RecordDeclaration[] }>>;

/**
 * Every kind of record a server with these blocks keeps: the kernel's, then each block's in the
 * registry's order. Blocks that keep the same kind (the shop's carts, kept by the product and
 * order blocks too) list the same declaration; two different declarations of one kind, or a
 * malformed name, are a mistake in a block and fail here.
 */
export function declaredRecords(registry: RecordRegistry): RecordDeclaration[] {
  const found = new Map<string, { declaration: RecordDeclaration; by: string }>();
  const add = (declaration: RecordDeclaration, by: string) => {
    if (!isKindName(declaration.kind))
      throw new Error(
        `${by} declares records of the kind "${String(declaration.kind)}": a kind's name is a lowercase letter, then letters and digits, at most 40 characters.`,
      );
    const before = found.get(declaration.kind);
    if (before && before.declaration !== declaration)
      throw new Error(
        `${by} and ${before.by} both declare records of the kind "${declaration.kind}": one block declares it and the others list that same declaration.`,
      );
    if (!before) found.set(declaration.kind, { declaration, by });
  };
  for (const declaration of KERNEL_RECORDS) add(declaration, 'the kernel');
  for (const [type, block] of Object.entries(registry)) for (const declaration of block.records ?? []) add(declaration, `the block "${type}"`);
  return [...found.values()].map((f) => f.declaration);
}
