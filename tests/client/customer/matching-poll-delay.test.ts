import { describe, expect, it } from 'vitest';
import { matchingPollDelay } from '../../../client/src/features/customer/matching-poll-delay';

describe('matchingPollDelay', () => {
  it('when the page has had the confirm answer and then more reads, then it waits 0.25 s, doubling each time, never more than 4 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(matchingPollDelay)).toEqual([250, 500, 1_000, 2_000, 4_000, 4_000, 4_000]);
  });
});
