import { describe, expect, it } from 'vitest';
import { authoredAmount, formatMoney, formatMoneyExact, isCurrency, minorDigits, parseAmount, percentOf } from './money.ts';

describe('money', () => {
  it('knows how many minor digits a currency has', () => {
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('KWD')]).toEqual([2, 0, 3]);
    expect([isCurrency('USD'), isCurrency('usd'), isCurrency('XYZ')]).toEqual([true, false, false]);
  });

  it('reads what a visitor types, in minor units, without floating point', () => {
    expect(parseAmount('12', 'USD')).toEqual({ minor: 1200 });
    expect(parseAmount(' $12.5 ', 'USD')).toEqual({ minor: 1250 });
    expect(parseAmount('1,250.07', 'USD')).toEqual({ minor: 125007 });
    expect(parseAmount('0.29', 'USD')).toEqual({ minor: 29 });
    expect(parseAmount('1500', 'JPY')).toEqual({ minor: 1500 });
  });

  it('refuses what is not an amount, and says what to write', () => {
    expect(parseAmount('12,50', 'USD')).toEqual({ problem: 'Write the amount with a point before the cents, such as 12.50.' });
    expect(parseAmount('12.505', 'USD')).toEqual({ problem: 'The amount can have at most 2 digits after the point.' });
    expect(parseAmount('12.5', 'JPY')).toEqual({ problem: 'The amount cannot have digits after the point.' });
    expect(parseAmount('-5', 'USD')).toEqual({ problem: 'The amount cannot be negative.' });
    expect(parseAmount('1000000000000', 'USD')).toEqual({ problem: 'That amount is far too large.' });
    expect(parseAmount('1e3', 'USD')).toHaveProperty('problem');
    expect(parseAmount('', 'USD')).toEqual({ problem: 'Please enter an amount.' });
    expect(parseAmount('12.', 'USD')).toHaveProperty('problem');
  });

  it('reads amounts an author wrote as numbers or text', () => {
    expect(authoredAmount(12.5, 'USD')).toBe(1250);
    expect(authoredAmount(19.99, 'USD')).toBe(1999);
    expect(authoredAmount(12.5000001, 'USD')).toBeUndefined();
    expect(authoredAmount('45.00', 'USD')).toBe(4500);
    expect(authoredAmount(12.345, 'USD')).toBeUndefined();
  });

  it('takes percentages in integers, rounding half up', () => {
    expect(percentOf(1000, 2.9)).toBe(29);
    expect(percentOf(1250, 2.5)).toBe(31);
    expect(percentOf(1, 50)).toBe(1);
  });

  it('formats in the site language', () => {
    expect(formatMoney(4500, 'USD', 'en-US')).toBe('$45');
    expect(formatMoney(4550, 'USD', 'en-US')).toBe('$45.50');
    expect(formatMoneyExact(4500, 'GBP', 'en-GB')).toBe('£45.00');
  });
});
