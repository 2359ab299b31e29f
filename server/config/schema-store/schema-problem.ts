/** One problem found in the schema files: the file (relative to the folder) and a JSON path. */
export interface SchemaProblem {
  file: string;
  path: string;
  message: string;
}

/** Renders a zod-style path as a JSON path: `['routes', 3, 'meta']` → `$.routes[3].meta`. */
export function jsonPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((out, segment) => {
    if (typeof segment === 'number') return `${out}[${segment}]`;
    const key = String(segment);
    return /^[A-Za-z_$][\w$]*$/.test(key) ? `${out}.${key}` : `${out}[${JSON.stringify(key)}]`;
  }, '$');
}

/** Formats a problem as one line: `categories/venue.json: $.guardRule.order: …`. */
export function formatProblem(problem: SchemaProblem): string {
  return `${problem.file}: ${problem.path}: ${problem.message}`;
}

/** Thrown when the schema folder cannot be loaded; lists every problem found. */
export class SchemaLoadError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(`Invalid schemas (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
    this.name = 'SchemaLoadError';
  }
}
