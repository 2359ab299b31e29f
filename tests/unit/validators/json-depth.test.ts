import { describe, expect, it } from 'vitest';
import { findTooDeep } from '../../../shared/validators/json-depth';

function nestedArrays(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

function nestedObjects(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = { conditions: value };
  return value;
}

describe('findTooDeep', () => {
  it('when a value is a scalar or null, then nothing is too deep', () => {
    for (const scalar of [1, 'a', true, null, undefined]) expect(findTooDeep(scalar, 0)).toBeNull();
  });

  it('when a value nests exactly the limit, then it passes; one level more, then it fails', () => {
    expect(findTooDeep(nestedArrays(64), 64)).toBeNull();
    expect(findTooDeep(nestedArrays(65), 64)).toHaveLength(64);
    expect(findTooDeep(nestedObjects(64), 64)).toBeNull();
    expect(findTooDeep(nestedObjects(65), 64)).toEqual(Array.from({ length: 64 }, () => 'conditions'));
  });

  it('when one branch among shallow siblings goes too deep, then the path leads into that branch', () => {
    const body = { a: [1, 2, { b: 3 }], c: [{ d: nestedObjects(3) }], e: 'x' };
    expect(findTooDeep(body, 4)).toEqual(['c', 0, 'd', 'conditions']);
    expect(findTooDeep({ a: [1, 2, { b: 3 }], e: 'x' }, 64)).toBeNull();
  });

  it('when a value nests 100,000 levels, then it answers without exhausting the stack', () => {
    expect(findTooDeep(nestedArrays(100_000), 64)).toHaveLength(64);
  });

  it('when empty objects and arrays nest, then each counts as a level', () => {
    expect(findTooDeep({}, 0)).toEqual([]);
    expect(findTooDeep({}, 1)).toBeNull();
    expect(findTooDeep([[]], 1)).toEqual([0]);
  });
});
