import { describe, expect, it } from 'vitest';
import { distanceMiles } from '../../../shared/places/distance-miles';
import { PLACE_PATTERN } from '../../../shared/places/place-pattern';

describe('distanceMiles', () => {
  it('when measuring Austin to Dallas, then it is about 182 miles; a place to itself is 0', () => {
    const austin = { lat: 30.2672, lng: -97.7431 };
    const dallas = { lat: 32.7767, lng: -96.797 };
    expect(distanceMiles(austin, dallas)).toBeGreaterThan(180);
    expect(distanceMiles(austin, dallas)).toBeLessThan(184);
    expect(distanceMiles(austin, austin)).toBe(0);
  });

  it('when measuring across the country, then it is about 2,450 miles (New York to Los Angeles)', () => {
    expect(Math.round(distanceMiles({ lat: 40.7128, lng: -74.006 }, { lat: 34.0522, lng: -118.2437 }) / 10) * 10).toBe(2450);
  });
});

describe('PLACE_PATTERN', () => {
  it.each(['Austin, TX', 'St. Louis, MO', "Coeur d'Alene, ID", 'Winston-Salem,NC', '78701', '78701-1234', ' new york, ny '])(
    'when %j is written, then it reads as a place',
    (text) => {
      expect(PLACE_PATTERN.test(text)).toBe(true);
    },
  );

  it.each(['Austin', 'Austin, Texas', '7870', 'TX', '', 'Austin, TX, USA'])('when %j is written, then it does not', (text) => {
    expect(PLACE_PATTERN.test(text)).toBe(false);
  });
});
