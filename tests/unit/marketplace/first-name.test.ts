import { describe, expect, it } from 'vitest';
import { firstName } from '../../../shared/marketplace/first-name';

describe('firstName', () => {
  it.each([
    ['Jordan Avery', 'Jordan'],
    ['  jordan   avery ', 'Jordan'],
    ['Maria José Garcia', 'Maria'],
    ['Kim', 'Kim'],
    ['élodie martin', 'Élodie'],
    ['', ''],
    ['   ', ''],
  ])('when the name is %j, then the greeting says %j', (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });
});
