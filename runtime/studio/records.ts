/** What the studio keeps in a site's store: every published version of the document, and each owner's draft. */
import type { RecordDeclaration } from '../store/records.ts';

/** A published version of the site's document: its number, its text and who published it, when and why. */
export const siteVersions: RecordDeclaration = {
  kind: 'siteVersions',
  description: 'A published version of the site\'s document: its number, whole text, author (an owner, or "file" for a change made on disk), time and message.',
  personal: { emailFields: ['email'], onErase: 'leave' },
  example: (email) => ({
    number: 3,
    text: 'site:\n  name: Tidy Homes\n',
    digest: '5f1d2c3b4a59687766554433221100ffeeddccbbaa99887766554433221100ff',
    email,
    name: 'Olga Petrova',
    source: 'studio',
    message: 'New opening hours',
    at: '2026-06-15T12:06:00.000Z',
  }),
};

/** An owner's draft, saved as they type: one per owner and site. */
export const studioDrafts: RecordDeclaration = {
  kind: 'studioDrafts',
  description: "An owner's unpublished draft of the site's document, saved as they type, with the version it was started from.",
  personal: { emailFields: ['email'], onErase: 'leave' },
  example: (email) => ({ email, text: 'site:\n  name: Tidy Homes\n', base: 3, at: '2026-06-15T12:05:00.000Z' }),
};

export const STUDIO_RECORDS: readonly RecordDeclaration[] = [siteVersions, studioDrafts];
