/**
 * A clock that runs with the real one and that a test moves forward itself: a form "filled in
 * for three seconds" is one `advance(3000)`, not three seconds of waiting.
 */
export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}
