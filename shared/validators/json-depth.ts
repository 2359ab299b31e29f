/** How deep an API request body may nest objects and arrays: far beyond any real form. */
export const MAX_BODY_DEPTH = 64;

interface Visit {
  node: object;
  depth: number;
  key: string | number | null;
  parent: Visit | null;
}

/**
 * The path to the first object or array nested more than `max` levels deep in `value` (a
 * scalar is depth 0; `{}` and `[]` are depth 1), or null when nothing is. Iterative, so a
 * hostile value cannot exhaust the call stack, and it stops at the first path that goes too deep.
 */
export function findTooDeep(value: unknown, max: number): (string | number)[] | null {
  if (value === null || typeof value !== 'object') return null;
  const pending: Visit[] = [{ node: value, depth: 1, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (visit.depth > max) {
      const path: (string | number)[] = [];
      for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.unshift(at.key);
      return path;
    }
    const entries: [string | number, unknown][] = Array.isArray(visit.node) ? visit.node.map((child, index) => [index, child]) : Object.entries(visit.node);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] as [string | number, unknown];
      if (child !== null && typeof child === 'object') pending.push({ node: child, depth: visit.depth + 1, key, parent: visit });
    }
  }
  return null;
}
