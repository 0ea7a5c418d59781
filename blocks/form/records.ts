/**
 * What the form block keeps: each sent form (a message, a quote request, an application), each
 * registration for an event with places, and each newsletter contact (taken and confirmed through
 * the platform's contact links, runtime/server/contacts.ts). All three are a visitor's own: their
 * address and answers, and the files they sent.
 */
import { createHash } from 'node:crypto';
import type { RecordDeclaration } from '../contract.ts';

/** Stands in for the random parts of an example (a file's name, a link's key): different for each address, the same each time. */
const seeded = (email: string, encoding: 'hex' | 'base64url') => createHash('sha256').update(email).digest(encoding);
const uuidOf = (email: string) => seeded(email, 'hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5');

export const submissions: RecordDeclaration = {
  kind: 'submissions',
  description: 'A form a visitor sent: its answers by question, their e-mail address, and the files they attached.',
  personal: { emailFields: ['email'], answerFields: ['answers'], files: true, onErase: 'delete' },
  example: (email) => ({
    form: 'quote',
    page: '/quote',
    answers: { fullName: 'Ana Lima', email, message: 'The kitchen tap drips all night. Could you come on Thursday?' },
    email,
    files: [{ filename: 'tap.png', type: 'image/png', size: 68, file: `${uuidOf(email)}.png` }],
  }),
};

export const registrations: RecordDeclaration = {
  kind: 'registrations',
  description: 'A place taken at an event through a registration form: the answers, the e-mail address and any files.',
  personal: { emailFields: ['email'], answerFields: ['answers'], files: true, onErase: 'delete' },
  example: (email) => ({
    form: 'spring-workshop',
    page: '/workshop',
    answers: { fullName: 'Ana Lima', email, diet: 'Vegetarian' },
    email,
  }),
};

export const contacts: RecordDeclaration = {
  kind: 'contacts',
  description: 'A newsletter subscription, pending until its e-mailed link is confirmed: the address, the answers and the link’s key.',
  personal: { emailFields: ['email'], answerFields: ['answers'], contactLinks: true, onErase: 'delete' },
  example: (email) => ({
    form: 'news',
    email,
    answers: { email },
    status: 'pending',
    key: seeded(email, 'base64url').slice(0, 22),
    digest: seeded(`link of ${email}`, 'hex'),
    expiresAt: '2026-06-16T12:00:00.000Z',
  }),
};

export const formRecords = [submissions, registrations, contacts] as const;
