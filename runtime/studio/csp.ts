/**
 * The studio's pages' security policy: the platform's, with one change each. The editor's page lets
 * styles carry this page's nonce (the editor adds its own <style> elements, each with it); the
 * preview may be framed by the studio (and nothing else), and can send no form and fetch nothing,
 * so nothing typed into a previewed form goes anywhere.
 */
import { randomBytes } from 'node:crypto';
import { securityHeaders } from '../server/security-headers.ts';

const BASE = securityHeaders()['content-security-policy'] ?? '';

const directive = (policy: string, name: string, value: string) =>
  policy.includes(`${name} `) ? policy.replace(new RegExp(`${name} [^;]*`), `${name} ${value}`) : `${policy};${name} ${value}`;

export const nonce = () => randomBytes(16).toString('base64');

export const studioCsp = (n: string) => directive(BASE, 'style-src', `'self' 'nonce-${n}'`);

export const PREVIEW_CSP = [
  ['frame-ancestors', "'self'"],
  ['form-action', "'none'"],
  ['connect-src', "'none'"],
].reduce((policy, [name, value]) => directive(policy, name as string, value as string), BASE);
