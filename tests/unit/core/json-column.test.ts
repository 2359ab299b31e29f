import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jsonNumbersOf, jsonObjectOf } from '../../../server/core/db/json-column';

const SERVER = fileURLToPath(new URL('../../../server/', import.meta.url));

function serverFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? serverFiles(`${dir}${entry.name}/`) : entry.name.endsWith('.ts') ? [`${dir}${entry.name}`] : [],
  );
}

/**
 * Where the server may still call JSON.parse, each with why: input read and validated at the
 * edge (schema files, cursors, a webhook's raw body), and core's own columns (jobs, idempotency).
 */
const PARSES_JSON = {
  'core/db/json-column.ts': 'the one reader of JSON columns',
  'core/http/page-cursor.ts': "a list's cursor from the query string, signed and checked with zod (every list's)",
  'core/http/idempotency.ts': 'the stored answer of an Idempotency-Key, written by the same file',
  'core/jobs/table-job-runner.ts': "a job's payload, written by the same runner",
  'config/schema-store/read-schema-files.ts': 'schema files on disk, validated after',
  'billing/sandbox/sandbox-provider.ts': "a webhook's raw body, checked with zod",
  'billing/billing.webhooks.ts': 'a webhook event stored by the same module after its signature was checked',
  'live/live-bus.ts': 'a message from another instance on Redis, checked with zod',
};

describe('JSON columns', () => {
  it('when a column holds an object, then it is read as that object; anything else reads as empty', () => {
    expect(jsonObjectOf('{"city":"Austin, TX","radius":25}')).toEqual({ city: 'Austin, TX', radius: 25 });
    for (const text of [null, undefined, '', 'not json', '[1,2]', '"text"', '42', 'null', '{"unclosed":']) expect(jsonObjectOf(text)).toEqual({});
  });

  it('when a column holds a list of ids, then the numbers are kept and anything else is left out', () => {
    expect(jsonNumbersOf('[6, 2, 9]')).toEqual([6, 2, 9]);
    expect(jsonNumbersOf('[6, "2", null, 9.5]')).toEqual([6, 9.5]);
    for (const text of [null, '', 'oops', '{"0":6}', '6']) expect(jsonNumbersOf(text)).toEqual([]);
  });

  it('when a server file parses JSON, then it is a table mapper through json-column or one of the listed edges', () => {
    const parsing = serverFiles()
      .filter((file) => /\bJSON\.parse\(/.test(readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')))
      .map((file) => file.slice(SERVER.length))
      .sort();
    expect(parsing).toEqual(Object.keys(PARSES_JSON).sort());
  });
});
