import type { RawResponse } from './client';

/** Paths whose every refusal is an RFC 9457 problem (PRODUCT.md §4). */
const PROBLEM_PATHS = /^\/(api|jwt|sandbox|dev)(\/|$|\?)/;

/** Text that only an internal error puts in a body: stack frames, source paths, runtime and database errors, SQL. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat [\w.<>[\] ]+ \(?[^)\s]*:\d+:\d+\)?/],
  ['a source path', /\.(ts|js|mjs|cjs):\d+/],
  ['node_modules', /node_modules\//],
  ['SQL', /\b(SELECT\b[^"]{1,200}\bFROM|INSERT INTO|DELETE FROM|UPDATE\b[^"]{1,100}\bSET)\b|\bselect\s+(\*|[\w".]+(\s*,\s*[\w".]+)*)\s+from\s+["\w]/i],
  ['an SQLite error', /SQLITE_[A-Z]+|\bsqlite\b/i],
  [
    'a PostgreSQL error',
    /syntax error at or near|relation "|column "[^"]*" (does not exist|of relation)|violates (foreign key|unique|not-null|check) constraint|duplicate key value|invalid input syntax for|invalid byte sequence for encoding|value too long for type|out of range for type/,
  ],
  ['an error name', /\b(Type|Reference|Range|Syntax|URI|Eval|Internal|Aggregate|Sqlite|Zod|Database)?Error: /],
  ['a runtime message', /Cannot read propert(y|ies) of (undefined|null)|is not a function|Maximum call stack size exceeded|ECONNREFUSED|ETIMEDOUT/],
];

/** What is wrong with an answer to a hostile request (empty when nothing is). */
export function problemsWith(method: string, path: string, response: RawResponse): string[] {
  const found: string[] = [];
  if (response.failure) return [`no answer: ${response.failure}`];
  if (response.status >= 500) found.push(`answered ${response.status}`);
  const type = String(response.headers['content-type'] ?? '');
  if (response.status >= 400 && PROBLEM_PATHS.test(path)) {
    if (!/^application\/problem\+json/.test(type)) found.push(`a ${response.status} as ${type || 'no content type'}, not problem+json`);
    else if (method !== 'HEAD') {
      let body: unknown = null;
      try {
        body = JSON.parse(response.text);
      } catch {
        found.push('a problem that is not JSON');
      }
      const problem = body as { type?: unknown; title?: unknown; status?: unknown } | null;
      if (body !== null && (typeof problem?.type !== 'string' || typeof problem.title !== 'string' || problem.status !== response.status)) {
        found.push(`a problem without type, title and status ${response.status}: ${response.text.slice(0, 200)}`);
      }
    }
  }
  // Quotes and line breaks as a JSON body escapes them, so a message reads as it was written.
  const body = response.text.replace(/\\"/g, '"').replace(/\\n/g, '\n');
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(body);
    if (match) found.push(`${what} in the body: …${body.slice(Math.max(0, match.index - 40), match.index + 80)}…`);
  }
  return found;
}
