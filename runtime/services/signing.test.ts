import { describe, expect, it } from 'vitest';
import { MIN_FORM_MS, Signer } from './signing.ts';

const secret = Buffer.from('s'.repeat(48));

/** A clock the test sets: no waiting. */
function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, set: (ms: number) => (t = ms), advance: (ms: number) => (t += ms) };
}

describe('the form time-trap', () => {
  it('refuses a form sent sooner than a person could, and takes it once the minimum has passed', () => {
    const c = clock();
    const signer = new Signer(secret, { now: c.now });
    const token = signer.timeToken();
    expect(signer.checkTimeToken(token)).toBe('too-fast');
    c.advance(MIN_FORM_MS - 1);
    expect(signer.checkTimeToken(token)).toBe('too-fast');
    c.advance(1);
    expect(signer.checkTimeToken(token)).toBe('ok');
  });

  it('lets a form be open for a day, not longer', () => {
    const c = clock();
    const signer = new Signer(secret, { now: c.now });
    const token = signer.timeToken();
    c.advance(24 * 3600_000);
    expect(signer.checkTimeToken(token)).toBe('ok');
    c.advance(1);
    expect(signer.checkTimeToken(token)).toBe('expired');
  });

  it('keeps the 2.5 s minimum by default, with the real clock', () => {
    const signer = new Signer(secret);
    expect(MIN_FORM_MS).toBe(2500);
    expect(signer.checkTimeToken(signer.timeToken())).toBe('too-fast');
    expect(signer.checkTimeToken(signer.timeToken(Date.now() - 2600))).toBe('ok');
  });

  it('takes a minimum of its own', () => {
    const c = clock();
    const signer = new Signer(secret, { now: c.now, minMs: 10_000 });
    const token = signer.timeToken();
    c.advance(9_999);
    expect(signer.checkTimeToken(token)).toBe('too-fast');
    c.advance(1);
    expect(signer.checkTimeToken(token)).toBe('ok');
  });

  it('refuses a token from the future, another key, a forged stamp or no token', () => {
    const c = clock();
    const signer = new Signer(secret, { now: c.now });
    expect(signer.checkTimeToken(signer.timeToken(c.now() + 60_000))).toBe('invalid');
    expect(signer.checkTimeToken(new Signer(Buffer.from('o'.repeat(48)), { now: c.now }).timeToken(c.now() - 10_000))).toBe('invalid');
    expect(signer.checkTimeToken(`t${c.now() - 60_000}.AAAA`)).toBe('invalid');
    expect(signer.checkTimeToken(undefined)).toBe('invalid');
  });

  it('takes a static page token for 400 days, whatever its age under a day', () => {
    const c = clock();
    const signer = new Signer(secret, { now: c.now });
    const token = signer.staticToken();
    expect(signer.checkTimeToken(token)).toBe('ok');
    c.advance(399 * 86_400_000);
    expect(signer.checkTimeToken(token)).toBe('ok');
    c.advance(86_400_000);
    expect(signer.checkTimeToken(token)).toBe('expired');
  });
});
