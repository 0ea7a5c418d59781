/** Posts as a browser sends them, through inject(): a plain form, or one with files. */
import type { FastifyInstance } from 'fastify';

export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export interface UploadPart {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A plain form post; `remoteAddress` is the visitor's address as the server sees it. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url,
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

export function postMultipart(app: FastifyInstance, url: string, fields: Record<string, string>, files: UploadPart[], headers: Record<string, string> = {}) {
  const boundary = '----sitewright-test';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
}

/** Good answers to the contact form of the forms fixture (gamma), with a time stamp past the robot trap. */
export const contactAnswers = (timeToken: (at: number) => string, fullName = 'Rosa Diaz'): Record<string, string> => ({
  _t: timeToken(Date.now() - 10_000),
  _form: 'contact',
  fullName,
  email: 'rosa@example.com',
  topic: 'Leak',
  message: 'Water on the floor after rain.',
});
