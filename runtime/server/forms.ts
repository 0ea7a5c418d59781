import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { checkField, coerce, submissionSchema } from '../../blocks/form/rules.ts';
import { allFields, type FormField, type FormProps } from '../../blocks/form/schema.ts';
import type { BlockData } from '../../schema/common.ts';
import { fillTemplate } from '../render/items.ts';
import { publicPath } from '../render/page-path.ts';
import type { Site, Target } from '../site.ts';
import type { Mailer } from '../services/mail.ts';
import type { Signer } from '../services/signing.ts';
import type { Store } from '../store/store.ts';
import { StoreError } from '../store/store.ts';
import type { Contacts } from './contacts.ts';
import type { PageCache } from './site-pages.ts';
import type { FleetHolder } from './reload.ts';

export interface FormServices {
  store: Store;
  mailer: Mailer;
  signer: Signer;
  contacts: Contacts;
  uploadsDir: string;
}

/** The largest upload any form can take; each form's own limits are checked after. */
export const UPLOAD_LIMITS = { fileSize: 20 * 1024 * 1024, files: 10, fields: 200, fieldSize: 64 * 1024 };

const DEFAULT_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'];
/** Phones label the same photos either way. */
const SAME_TYPE: Record<string, string> = { 'image/heif': 'image/heic' };

interface Upload {
  field: string;
  filename: string;
  data: Buffer;
}

type Body = Record<string, unknown>;

/** Every form block on a page: the page's own blocks and those of the item it shows. */
function formsOn(target: Target): FormProps[] {
  const found: FormProps[] = [];
  const walk = (blocks: unknown) => {
    if (!Array.isArray(blocks)) return;
    for (const block of blocks as BlockData[]) {
      if (block?.type === 'form') found.push(block as unknown as FormProps);
      walk(block?.blocks);
    }
  };
  walk(target.page.blocks);
  walk(target.item?.data.blocks);
  return found;
}

const validators = new WeakMap<Site, Map<string, ValidateFunction>>();
const ajv = new Ajv({ allErrors: true, strict: false });

/** Each form's schema is compiled once per site version, the first time it is used. */
function validatorFor(site: Site, form: FormProps): ValidateFunction {
  let map = validators.get(site);
  if (!map) validators.set(site, (map = new Map()));
  let validate = map.get(form.form);
  if (!validate) map.set(form.form, (validate = ajv.compile(submissionSchema(allFields(form)))));
  return validate;
}

/** The messages for a submission, by field: the same wording the browser shows. */
function fieldErrors(site: Site, form: FormProps, answers: Body): Record<string, string> {
  const validate = validatorFor(site, form);
  if (validate(answers)) return {};
  const fields = allFields(form);
  const errors: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'additionalProperties') {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      errors[extra] = `This form has no question called “${extra.slice(0, 40)}”.`;
      continue;
    }
    const name = error.keyword === 'required' ? String((error.params as { missingProperty: string }).missingProperty) : error.instancePath.split('/')[1] ?? '';
    const field = fields.find((f) => f.name === name);
    if (field && !errors[name]) errors[name] = checkField(field, answers[name]) ?? `Please check “${field.label}”.`;
  }
  return errors;
}

async function readBody(request: FastifyRequest): Promise<{ body: Body; uploads: Upload[] }> {
  if (!request.isMultipart()) return { body: (request.body as Body | undefined) ?? {}, uploads: [] };
  const body: Body = {};
  const uploads: Upload[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (data.length) uploads.push({ field: part.fieldname, filename: part.filename, data });
    } else {
      const value = part.value as string;
      const before = body[part.fieldname];
      body[part.fieldname] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
    }
  }
  return { body, uploads };
}

/** Files checked against their field: how many, how large, and what they are (from their bytes). */
async function checkUploads(fields: FormField[], uploads: Upload[]): Promise<{ errors: Record<string, string>; accepted: (Upload & { type: string; ext: string })[] }> {
  const errors: Record<string, string> = {};
  const accepted: (Upload & { type: string; ext: string })[] = [];
  for (const upload of uploads) {
    const field = fields.find((f) => f.name === upload.field && f.kind === 'file');
    if (!field) errors[upload.field] = `This form has no file question called “${upload.field.slice(0, 40)}”.`;
  }
  for (const field of fields.filter((f) => f.kind === 'file')) {
    const mine = uploads.filter((u) => u.field === field.name);
    if (field.required && !mine.length) errors[field.name] = `Please add a file for “${field.label}”.`;
    if (mine.length > (field.maxFiles ?? 1)) errors[field.name] = `“${field.label}” takes at most ${field.maxFiles ?? 1} file${(field.maxFiles ?? 1) > 1 ? 's' : ''}.`;
    for (const upload of mine) {
      if (upload.data.length > (field.maxSizeMb ?? 8) * 1024 * 1024) errors[field.name] = `Each file for “${field.label}” can be at most ${field.maxSizeMb ?? 8} MB.`;
      const detected = await fileTypeFromBuffer(upload.data);
      const type = detected && { ...detected, mime: SAME_TYPE[detected.mime] ?? detected.mime };
      if (!type || !(field.accept ?? DEFAULT_ACCEPT).includes(type.mime)) {
        errors[field.name] = `“${upload.filename.slice(0, 60)}” is not a file “${field.label}” takes (${(field.accept ?? DEFAULT_ACCEPT).map((t) => t.split('/')[1]?.toUpperCase()).join(', ')}).`;
      } else accepted.push({ ...upload, type: type.mime, ext: type.ext });
    }
  }
  return { errors, accepted };
}

const wantsJson = (request: FastifyRequest) => /application\/json/.test(request.headers.accept ?? '');

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
    .map((f) => `${f.label}\n${Array.isArray(answers[f.name]) ? (answers[f.name] as string[]).join(', ') : answers[f.name] === true ? 'Yes' : answers[f.name] === false ? 'No' : String(answers[f.name])}`);
  if (files.length) lines.push(`Files\n${files.map((f) => f.filename).join('\n')}`);
  return lines.join('\n\n');
}

/**
 * POST to any page that has a form: checked, stored, e-mailed to the owner, answered. A robot
 * (the hidden field filled in, or sent faster than a person could) gets the same answer as a
 * person and nothing is kept. Wrong answers come back with a message beside each field.
 */
export interface FormLimits {
  /** Posts one visitor (IP address) may send to one site in a minute. */
  perVisitorPerMinute: number;
  /** Posts one site takes from everyone in ten minutes. */
  perSitePerTenMinutes: number;
}

export const DEFAULT_FORM_LIMITS: FormLimits = { perVisitorPerMinute: 20, perSitePerTenMinutes: 600 };

export function registerForms(app: FastifyInstance, deps: { holder: FleetHolder; pages: PageCache; services: FormServices; limits?: FormLimits }) {
  const { holder, pages, services, limits: max = DEFAULT_FORM_LIMITS } = deps;

  const handle = async (request: FastifyRequest, reply: FastifyReply, prefix: string, rest: string) => {
    const site = holder.current.sites.get(prefix);
    if (!site) return reply.code(holder.current.broken.has(prefix) ? 503 : 404).type('text/plain; charset=utf-8').send('There is no form at this address.');
    const path = rest ? `/${rest}` : '/';
    const match = site.router.match(path);
    const { body, uploads } = await readBody(request);
    const form = match.kind === 'match' ? formsOn(match.target).find((f) => f.form === body._form) : undefined;
    if (match.kind !== 'match' || !form) {
      return wantsJson(request) ? reply.code(404).send({ ok: false, problem: 'There is no such form on this page.' }) : reply.code(404).type('text/plain; charset=utf-8').send('There is no such form on this page.');
    }
    const target = match.target;
    const fields = allFields(form);
    const success = () => (wantsJson(request) ? reply.send({ ok: true, ...(form.thankYou ? { redirect: doneUrl(site, target, form) } : {}) }) : reply.redirect(doneUrl(site, target, form), 303));
    const fail = (status: number, state: { values?: Body; errors?: Record<string, string>; problem?: string }) =>
      wantsJson(request) ? reply.code(status).send({ ok: false, ...state }) : pages.sendFresh(request, reply, site, target, { status, forms: { id: form.form, state } });

    // Robots: a filled trap field, or a form sent faster than anyone could read it. They see success.
    const time = services.signer.checkTimeToken(body._t);
    if ((typeof body._hp === 'string' && body._hp !== '') || time === 'invalid' || time === 'too-fast') {
      request.log.info({ site: prefix, form: form.form, reason: body._hp ? 'trap' : time }, 'robot submission discarded');
      return success();
    }
    const answers = coerce(fields, body);
    if (time === 'expired') return fail(422, { values: answers, problem: 'This form was open for more than a day. Please check your answers and send it again.' });

    const errors = fieldErrors(site, form, answers);
    const files = await checkUploads(fields, uploads);
    Object.assign(errors, files.errors);
    if (Object.keys(errors).length) return fail(422, { values: answers, errors });

    let tenant;
    try {
      tenant = await services.store.tenant(prefix);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      request.log.error({ site: prefix }, error.message);
      return fail(503, { values: answers, problem: 'The form cannot be sent right now. Please call or e-mail us instead.' });
    }

    const stored: { filename: string; type: string; size: number; file: string }[] = [];
    for (const file of files.accepted) {
      const dir = join(services.uploadsDir, prefix);
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${file.ext}`;
      await writeFile(join(dir, name), file.data, { mode: 0o600 });
      stored.push({ filename: file.filename.replace(/[^\w. ()-]/g, '_').slice(0, 120), type: file.type, size: file.data.length, file: name });
    }
    const record = { form: form.form, page: target.path, answers, ...(stored.length ? { files: stored } : {}) };

    if (form.purpose === 'registration') {
      const taken = await tenant.addWithinCapacity('registrations', { form: form.form }, form.capacity ?? 0, record);
      if (!taken) return fail(409, { values: answers, problem: form.full });
    } else if (form.purpose === 'newsletter') {
      const email = String(answers[fields.find((f) => f.kind === 'email')?.name ?? 'email'] ?? '');
      await services.contacts.subscribe(site, tenant, { form: form.form, email, answers });
    } else {
      await tenant.add('submissions', record);
    }

    const to = form.notify ?? site.data.site.notify ?? site.data.site.email;
    if (to && form.purpose !== 'newsletter') {
      const replyTo = fields.find((f) => f.kind === 'email' && typeof answers[f.name] === 'string');
      services.mailer
        .send({
          to,
          subject: `${site.data.site.name}: new ${form.purpose === 'registration' ? 'registration' : 'message'} from the "${form.form}" form`,
          // Personal data (an application) stays in the store: the e-mail only says it has arrived.
          text: form.personal
            ? `A new "${form.form}" was sent from ${publicPath(prefix, target.path)} at ${new Date().toISOString()}.\n\nIt holds personal data, so it is not copied into e-mail. Read it with: npx sitewright submissions ${prefix} --form ${form.form}`
            : `${summarise(fields, answers, stored)}\n\nSent from ${publicPath(prefix, target.path)} at ${new Date().toISOString()}.`,
          replyTo: replyTo ? String(answers[replyTo.name]) : undefined,
        })
        .catch((error: Error) => request.log.error({ site: prefix, form: form.form, err: error.message }, 'notification e-mail failed; the submission is stored'));
    }
    return success();
  };

  const siteOf = (r: FastifyRequest) => String((r.params as { site?: string }).site).toLowerCase();
  const limits = {
    per: app.rateLimit({ max: max.perVisitorPerMinute, timeWindow: '1 minute', keyGenerator: (r) => `${r.ip}:${siteOf(r)}` }),
    site: app.rateLimit({ max: max.perSitePerTenMinutes, timeWindow: '10 minutes', keyGenerator: (r) => `site:${siteOf(r)}` }),
  };
  const config = { preHandler: [limits.per, limits.site] };
  app.post<{ Params: { site: string } }>('/:site', config, (request, reply) => handle(request, reply, request.params.site, ''));
  app.post<{ Params: { site: string; '*': string } }>('/:site/*', config, (request, reply) => handle(request, reply, request.params.site, request.params['*']));
}
