/**
 * The form's server half: a post to a page with a form is checked, stored, e-mailed to the owner
 * and answered. A robot (the hidden field filled in, or no time stamp of ours) gets the same answer
 * as a person and nothing is kept. A form sent faster than a person fills one in, and wrong answers,
 * come back with every answer kept and what to do (a message beside each field).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { fillTemplate } from '../../runtime/render/items.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import { momentText } from '../../runtime/render/site-zone.ts';
import type { Site, Target } from '../../runtime/site.ts';
import { StoreError } from '../../runtime/store/store.ts';
import type { ActionInput, ActionResult, BlockAction, Upload, UploadField } from '../contract.ts';
import { checkField, coerce, outOfRange, submissionSchema } from '../kits/fields/rules.ts';
import { todayIn, withDates } from '../kits/fields/dates.ts';
import { allFields, type FormField, type FormProps } from './schema.ts';
import { asText } from '../../runtime/text.ts';
import { MESSAGES } from '../../runtime/server/messages.ts';

const DEFAULT_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'];
/** Phones label the same photos either way. */
const SAME_TYPE: Record<string, string> = { 'image/heif': 'image/heic' };

type Body = Record<string, unknown>;
type Accepted = Upload & { type: string; ext: string };

/** The messages for a submission, by field: the same wording the browser shows. */
function fieldErrors(validate: ValidateFunction, fields: FormField[], answers: Body, locale: string): Record<string, string> {
  // Dates outside their bounds, which move with the day and so are not in the schema compiled when the site loaded.
  const errors = outOfRange(fields, answers, locale);
  if (validate(answers)) return errors;
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'additionalProperties') {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      errors[extra] = `This form has no question called “${extra.slice(0, 40)}”.`;
      continue;
    }
    const name =
      error.keyword === 'required' ? String((error.params as { missingProperty: string }).missingProperty) : (error.instancePath.split('/')[1] ?? '');
    const field = fields.find((f) => f.name === name);
    if (field && !errors[name]) errors[name] = checkField(field, answers[name], locale) ?? `Please check “${field.label}”.`;
  }
  return errors;
}

const MB = 1024 * 1024;
const maxMb = (field: FormField) => field.maxSizeMb ?? 8;
const tooLarge = (field: FormField) => `Each file for “${field.label}” can be at most ${maxMb(field)} MB.`;

/** The file questions, so the server reads no more than they take (and no file at all for a form without one). */
function uploads(form: FormProps): UploadField[] {
  return allFields(form)
    .filter((f) => f.kind === 'file')
    .map((f) => ({ field: f.name, maxBytes: Math.floor(maxMb(f) * MB), maxFiles: f.maxFiles ?? 1, tooLarge: tooLarge(f) }));
}

/** Files checked against their field: how many, how large, and what they are (from their bytes). */
async function checkUploads(fields: FormField[], uploads: Upload[]): Promise<{ errors: Record<string, string>; accepted: Accepted[] }> {
  const errors: Record<string, string> = {};
  const accepted: Accepted[] = [];
  for (const upload of uploads) {
    const field = fields.find((f) => f.name === upload.field && f.kind === 'file');
    if (!field) errors[upload.field] = `This form has no file question called “${upload.field.slice(0, 40)}”.`;
  }
  for (const field of fields.filter((f) => f.kind === 'file')) {
    const mine = uploads.filter((u) => u.field === field.name);
    if (field.required && !mine.length) errors[field.name] = `Please add a file for “${field.label}”.`;
    if (mine.length > (field.maxFiles ?? 1))
      errors[field.name] = `“${field.label}” takes at most ${field.maxFiles ?? 1} file${(field.maxFiles ?? 1) > 1 ? 's' : ''}.`;
    for (const upload of mine) {
      if (upload.size > maxMb(field) * MB) errors[field.name] = tooLarge(field);
      // The file-type reader loads with the first upload, not with the blocks.
      const { fileTypeFromFile } = await import('file-type');
      const detected = await fileTypeFromFile(upload.path);
      const type = detected && { ...detected, mime: SAME_TYPE[detected.mime] ?? detected.mime };
      if (!type || !(field.accept ?? DEFAULT_ACCEPT).includes(type.mime)) {
        errors[field.name] =
          `“${upload.filename.slice(0, 60)}” is not a file “${field.label}” takes (${(field.accept ?? DEFAULT_ACCEPT).map((t) => t.split('/')[1]?.toUpperCase()).join(', ')}).`;
      } else accepted.push({ ...upload, type: type.mime, ext: type.ext });
    }
  }
  return { errors, accepted };
}

/** Where to send a visitor after a good submission: the thank-you page, or back to the form with a note. */
function doneUrl(site: Site, target: Target, form: FormProps): string {
  if (form.thankYou) {
    const href = fillTemplate(form.thankYou, { ...target.item?.data, slug: target.item?.slug });
    return href.startsWith('/') ? publicPath(site.prefix, href) : href;
  }
  return `${publicPath(site.prefix, target.path)}?sent=${encodeURIComponent(form.form)}#${form.form}`;
}

function summarise(fields: FormField[], answers: Body, files: { filename: string }[]): string {
  const lines = fields
    .filter((f) => f.kind !== 'file' && answers[f.name] !== undefined)
    .map(
      (f) =>
        `${f.label}\n${Array.isArray(answers[f.name]) ? (answers[f.name] as string[]).join(', ') : answers[f.name] === true ? 'Yes' : answers[f.name] === false ? 'No' : String(answers[f.name])}`,
    );
  if (files.length) lines.push(`Files\n${files.map((f) => f.filename).join('\n')}`);
  return lines.join('\n\n');
}

/**
 * Files kept under the uploads folder with names of our own; the visitor's name is kept only as a
 * label. Each is moved from where it arrived (already synced to disk), and the folder synced, so a
 * kept file survives a crash once the visitor has been told it was received.
 */
async function keepUploads(dir: string, files: Accepted[]) {
  if (!files.length) return [];
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const kept: { filename: string; type: string; size: number; file: string }[] = [];
  for (const file of files) {
    const name = `${randomUUID()}.${file.ext}`;
    await rename(file.path, join(dir, name));
    kept.push({ filename: file.filename.replace(/[^\w. ()-]/g, '_').slice(0, 120), type: file.type, size: file.size, file: name });
  }
  const folder = await open(dir, 'r');
  await folder.sync().finally(() => folder.close());
  return kept;
}

/**
 * The form's automatic reply to the address typed into it: the site's own words, with its name for
 * {site} and never anything the visitor typed, since anyone may type anyone's address. At most one an
 * hour to one address from the site (asked before the answer goes back); a mail that fails is logged,
 * and the submission, already stored, stands.
 */
async function autoReply({ site, props: form, services, log }: ActionInput<FormProps>, email: string): Promise<void> {
  const reply = form.autoReply;
  if (!reply) return;
  const allowed = await (services.mayAutoReply?.(site.prefix, email) ?? Promise.resolve(false)).catch((error: Error) => {
    log.error({ site: site.prefix, form: form.form, err: error.message }, 'automatic reply not sent: its limit could not be read');
    return false;
  });
  if (!allowed) return;
  const name = site.data.site.name;
  const fill = (text: string) => text.replaceAll('{site}', name);
  services.mailer
    .send({
      to: email,
      // One line, whatever the YAML's line breaks.
      subject: fill(reply.subject).replace(/\s+/g, ' ').trim(),
      text: `${fill(reply.text)}\n\n--\nThis address was typed into a form on the website of ${name}. If that was not you, there is nothing to do.`,
      replyTo: site.data.site.email,
    })
    .catch((error: Error) => log.error({ site: site.prefix, form: form.form, err: error.message }, 'automatic reply failed; the submission is stored'));
}

async function handle(input: ActionInput<FormProps>): Promise<ActionResult> {
  const { site, target, props: form, body, uploads, validate, services, log } = input;
  const prefix = site.prefix;
  // A date question's bounds as dates: "today" is the day in the site's time zone now.
  const fields = withDates(allFields(form), todayIn(services.now(), site.data.site.timeZone ?? 'UTC'));
  const redirect = doneUrl(site, target, form);
  const done: ActionResult = { kind: 'done', redirect, json: form.thankYou ? { redirect } : {} };

  // Robots: a filled trap field, or a time stamp missing or not ours. They see success.
  const time = services.signer.checkTimeToken(body._t);
  if ((typeof body._hp === 'string' && body._hp !== '') || time === 'invalid') {
    log.info({ site: prefix, form: form.form, reason: body._hp ? 'trap' : time }, 'robot submission discarded');
    return done;
  }
  const answers = coerce(fields, body);
  // Sent faster than a person fills a form in: a person (a password manager, a quick typist) gets the answers back to send again.
  if (time === 'too-fast') {
    log.info({ site: prefix, form: form.form }, 'a submission sent faster than a person fills in a form: answers shown again');
    return { kind: 'refused', status: 422, state: { values: answers, problem: MESSAGES.posts.tooQuick } };
  }
  if (time === 'expired')
    return {
      kind: 'refused',
      status: 422,
      state: { values: answers, problem: 'This form was open for more than a day. Please check your answers and send it again.' },
    };

  const errors = fieldErrors(validate, fields, answers, site.data.site.language);
  const files = await checkUploads(fields, uploads);
  Object.assign(errors, files.errors);
  if (Object.keys(errors).length) return { kind: 'refused', status: 422, state: { values: answers, errors } };

  const dir = join(services.uploadsDir, prefix);
  // The sender's address on the record itself, for replies, exports and erasure on request.
  const address = fields.find((f) => f.kind === 'email');
  const email = address && typeof answers[address.name] === 'string' ? asText(answers[address.name]).trim().toLowerCase() : undefined;
  const record = (stored: Awaited<ReturnType<typeof keepUploads>>) => ({
    form: form.form,
    page: target.path,
    answers,
    ...(email ? { email } : {}),
    ...(stored.length ? { files: stored } : {}),
  });
  let stored: Awaited<ReturnType<typeof keepUploads>> = [];
  try {
    const tenant = await services.store.tenant(prefix);
    if (form.purpose === 'registration') {
      // One place per e-mail address unless the form allows more: checked with the count, in one step.
      const once = email && !form.repeats ? { email } : undefined;
      // The place is taken first, so a refused registration leaves no files behind.
      const taken = await tenant.addWithinCapacity('registrations', { form: form.form }, form.capacity ?? 0, record([]), once);
      if ('refused' in taken) {
        const problem = taken.refused === 'full' ? form.full : 'This e-mail address is already registered. To change the registration, please get in touch.';
        return { kind: 'refused', status: 409, state: { values: answers, problem } };
      }
      stored = await keepUploads(dir, files.accepted);
      if (stored.length) await tenant.update('registrations', taken.added.id, { files: stored });
    } else if (form.purpose === 'newsletter') {
      await services.contacts.subscribe(site, tenant, { form: form.form, email: email ?? '', answers });
    } else {
      stored = await keepUploads(dir, files.accepted);
      await tenant.add('submissions', record(stored));
    }
  } catch (error) {
    // The site's data cannot be read or written as it should (the log says why): nothing was acknowledged.
    if (!(error instanceof StoreError)) throw error;
    log.error({ site: prefix, code: error.code }, error.message);
    return { kind: 'refused', status: 503, state: { values: answers, problem: 'The form cannot be sent right now. Please call or e-mail us instead.' } };
  }

  // The visitor's own copy, once what they sent is safely kept.
  if (form.autoReply && email && form.purpose !== 'newsletter') await autoReply(input, email);

  const to = form.notify ?? site.data.site.notify ?? site.data.site.email;
  if (to && form.purpose !== 'newsletter') {
    const replyTo = fields.find((f) => f.kind === 'email' && typeof answers[f.name] === 'string');
    const deskLink = services.siteUrl(site, `${publicPath(prefix, '/desk')}?form=${encodeURIComponent(form.form)}`);
    // When, as the owner's desk tells it: in the site's zone, naming it.
    const at = momentText(site, new Date(services.now()).toISOString());
    services.mailer
      .send({
        to,
        subject: `${site.data.site.name}: new ${form.purpose === 'registration' ? 'registration' : 'message'} from "${formTitle(form, target)}"`,
        // Personal data (an application) stays in the store: the e-mail only says it has arrived.
        text: form.personal
          ? `A new "${form.form}" was sent from ${publicPath(prefix, target.path)} on ${at}.\n\nIt holds personal data, so it is not copied into e-mail.\n\nA new submission — read it on your desk: ${deskLink}`
          : `${summarise(fields, answers, stored)}\n\nSent from ${publicPath(prefix, target.path)} on ${at}.${
              site.data.owners?.length ? `\n\nEvery message of this form is on your desk: ${deskLink}` : ''
            }`,
        replyTo: replyTo ? String(answers[replyTo.name]) : undefined,
      })
      .catch((error: Error) => log.error({ site: prefix, form: form.form, err: error.message }, 'notification e-mail failed; the submission is stored'));
  }
  return done;
}

/**
 * A form as its owner knows it: its heading as the page shows it (an artist's page fills in the
 * artist's name), or the page's title; its internal name only when it has neither.
 */
function formTitle(form: FormProps, target: Target): string {
  const title = form.heading ?? target.page.title;
  return title ? fillTemplate(title, { ...target.item?.data, slug: target.item?.slug }) : form.form;
}

export const formAction: BlockAction<FormProps> = {
  accepts: (form, body) => body._form === form.form,
  key: (form) => form.form,
  bodySchema: (form) => submissionSchema(allFields(form)),
  uploads,
  handle,
};
