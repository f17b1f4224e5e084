/** A clock tests move by hand, so expiry is tested without sleeping. */
export function createTestClock(start = new Date('2030-01-15T09:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}
