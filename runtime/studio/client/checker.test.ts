import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DraftChecker } from './checker.ts';

/** A server whose answers arrive when the test says. */
function server() {
  const calls: { text: string; answer: (value: string) => void; fail: (error: Error) => void }[] = [];
  const send = (text: string) => new Promise<string>((resolve, reject) => calls.push({ text, answer: resolve, fail: reject }));
  return { calls, send };
}

function setup() {
  let text = 'a';
  const { calls, send } = server();
  const answers: [string, string][] = [];
  const errors: unknown[] = [];
  const checker = new DraftChecker<string>({
    delay: 400,
    text: () => text,
    send,
    onAnswer: (answer, checked) => answers.push([answer, checked]),
    onError: (error) => errors.push(error),
  });
  const type = (next: string) => {
    text = next;
    checker.changed();
  };
  return { checker, calls, answers, errors, type };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DraftChecker', () => {
  it('waits for a pause in typing, then sends the latest text once', async () => {
    const { checker, calls, answers, type } = setup();
    type('ab');
    await vi.advanceTimersByTimeAsync(300);
    type('abc');
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toHaveLength(0);
    expect(checker.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.text)).toEqual(['abc']);
    calls[0]!.answer('ok');
    await settle();
    expect(answers).toEqual([['ok', 'abc']]);
    expect(checker.pending).toBe(false);
  });

  it('drops an answer for a text that has changed since it was sent', async () => {
    const { calls, answers, type } = setup();
    type('ab');
    await vi.advanceTimersByTimeAsync(400);
    type('abc');
    calls[0]!.answer('for ab');
    await settle();
    expect(answers).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    calls[1]!.answer('for abc');
    await settle();
    expect(answers).toEqual([['for abc', 'abc']]);
  });

  it('sends one request at a time, so an older draft is never saved after a newer one', async () => {
    const { calls, answers, type } = setup();
    type('ab');
    await vi.advanceTimersByTimeAsync(400);
    type('abc');
    await vi.advanceTimersByTimeAsync(400);
    expect(calls.map((c) => c.text)).toEqual(['ab']);
    calls[0]!.answer('for ab');
    await settle();
    expect(calls.map((c) => c.text)).toEqual(['ab', 'abc']);
    calls[1]!.answer('for abc');
    await settle();
    expect(answers).toEqual([['for abc', 'abc']]);
  });

  it('checks at once when asked, without waiting for a pause', async () => {
    const { checker, calls, answers } = setup();
    const done = checker.now();
    expect(calls.map((c) => c.text)).toEqual(['a']);
    calls[0]!.answer('first');
    await done;
    expect(answers).toEqual([['first', 'a']]);
  });

  it('reports a failure only for the text still in the editor', async () => {
    const { checker, calls, errors, type } = setup();
    void checker.now();
    type('ab');
    calls[0]!.fail(new Error('offline'));
    await settle();
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    calls[1]!.fail(new Error('offline'));
    await settle();
    expect(errors).toEqual([new Error('offline')]);
  });

  it('forgets a waiting check when cancelled', async () => {
    const { checker, calls, type } = setup();
    type('ab');
    checker.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
    expect(checker.pending).toBe(false);
  });
});
