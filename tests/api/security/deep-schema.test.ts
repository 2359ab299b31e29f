import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import supertest from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_SCHEMA_DEPTH, readSchemaFiles } from '../../../server/config/schema-store/read-schema-files';
import type * as Reader from '../../../server/config/schema-store/read-schema-files';
import type { SchemaProblem } from '../../../server/config/schema-store/schema-problem';
import { copySchemas, type SchemaCopy } from '../../support/schemas';
import { nextEvent, startConfigService, type ConfigService } from '../../support/api/config-service';
import { waitUntil } from '../../support/wait-until';

// The real reader, which one test makes fail the way no file can.
vi.mock('../../../server/config/schema-store/read-schema-files', async (importOriginal) => {
  const actual = await importOriginal<typeof Reader>();
  return { ...actual, readSchemaFiles: vi.fn(actual.readSchemaFiles) };
});

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** A JSON Schema nesting `depth` object schemas inside one another. */
function deepSchema(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string', title: 'Leaf' };
  for (let i = 0; i < depth; i += 1) schema = { type: 'object', title: `Level ${i}`, properties: { inner: schema } };
  return schema;
}

interface CategoryFile {
  settings: { schema: { $schema?: string; properties: Record<string, unknown> } };
}

const CATERING_FORM = '/api/config/forms/update-catering-settings';

/** What a client gets for `path`: status, ETag and body. */
async function served(service: ConfigService, path: string) {
  const res = await supertest(service.app).get(path);
  return { status: res.status, etag: res.headers.etag as string | undefined, body: res.body as unknown };
}

describe('schema files nested too deeply', () => {
  const copies: SchemaCopy[] = [];
  const services: ConfigService[] = [];

  afterEach(async () => {
    for (const service of services.splice(0)) await service.close();
    await Promise.all(copies.splice(0).map((copy) => copy.remove()));
  });

  async function freshCopy(): Promise<SchemaCopy> {
    const copy = await copySchemas();
    copies.push(copy);
    return copy;
  }

  async function editCatering(copy: SchemaCopy, edit: (catering: CategoryFile) => void) {
    const catering = (await copy.read('categories/catering.json')) as CategoryFile;
    edit(catering);
    await copy.write('categories/catering.json', catering);
  }

  const editDeep = (copy: SchemaCopy, depth: number) =>
    editCatering(copy, (catering) => {
      catering.settings.schema.properties.menu_tree = deepSchema(depth);
    });

  /** The logged rejections' problems, each as JSON text. */
  const rejections = (service: ConfigService) =>
    service.logger.lines.filter((line) => line.message.startsWith('schema edit rejected')).map((line) => JSON.stringify(line.fields?.problems));

  it('when a category settings.schema nested 1,000 deep is saved, then the reload is a logged, rejected edit and the last good config keeps serving', async () => {
    const copy = await freshCopy();
    const service = await startConfigService(copy.dir);
    services.push(service);
    const before = service.store.current();

    await editDeep(copy, 1_000);
    const reloaded = await service.store.reload();

    expect(reloaded).toBe(false);
    expect(service.store.current()).toBe(before);
    const rejected = service.logger.lines.find((line) => line.message.startsWith('schema edit rejected'));
    expect(JSON.stringify(rejected?.fields?.problems)).toContain(`categories/catering.json: $.settings.schema.properties.menu_tree`);
    expect(JSON.stringify(rejected?.fields?.problems)).toContain(`nested more than ${MAX_SCHEMA_DEPTH} levels deep`);
  });

  it('when a category settings.schema nested 1,000 deep is saved while the server watches the folder, then over HTTP the catering form and the app config are served as before (same ETag and body)', async () => {
    const copy = await freshCopy();
    const service = await startConfigService(copy.dir, { watch: true });
    services.push(service);
    const before = { form: await served(service, CATERING_FORM), app: await served(service, '/api/config/app') };

    const rejected = nextEvent(service.store, 'rejected');
    await editDeep(copy, 1_000);
    await rejected;
    // The watcher may read the file while it is still being written (its first rejection is then
    // "invalid JSON"); the write's last change brings the whole file's reading.
    await waitUntil(() => expect(rejections(service).some((problems) => problems.includes(`nested more than ${MAX_SCHEMA_DEPTH} levels deep`))).toBe(true));

    expect(before.form.status).toBe(200);
    expect(await served(service, CATERING_FORM)).toEqual(before.form);
    expect(await served(service, '/api/config/app')).toEqual(before.app);
    expect(JSON.stringify(before.form.body)).not.toContain('menu_tree');
  });

  it('when a settings.schema names a $schema Ajv does not know (it throws outside compile), then the edit is logged and rejected with the library’s message, and the old form is still served', async () => {
    const copy = await freshCopy();
    const service = await startConfigService(copy.dir);
    services.push(service);
    const before = await served(service, CATERING_FORM);

    await editCatering(copy, (catering) => {
      catering.settings.schema.$schema = 'http://json-schema.org/draft-08/schema#';
    });
    const rejected = nextEvent(service.store, 'rejected');
    const reloaded = await service.store.reload();
    const [problems] = (await rejected) as [SchemaProblem[]];

    expect(reloaded).toBe(false);
    expect(problems).toEqual([
      {
        file: copy.dir,
        path: '$',
        message: expect.stringMatching(/could not be checked \(Error: no schema with key or ref "http:\/\/json-schema\.org\/draft-08\/schema#"\)/),
      },
    ]);
    expect(rejections(service).join(' ')).toContain('could not be checked');
    expect(await served(service, CATERING_FORM)).toEqual(before);
  });

  it('when reading the folder fails in a way no check foresaw, then the reload is logged and rejected with the error, and the old config is still served', async () => {
    const copy = await freshCopy();
    const service = await startConfigService(copy.dir);
    services.push(service);
    const before = await served(service, '/api/config/app');
    vi.mocked(readSchemaFiles).mockRejectedValueOnce(new TypeError('Cannot read properties of undefined'));

    const reloaded = await service.store.reload();

    expect(reloaded).toBe(false);
    expect(rejections(service).join(' ')).toContain('reload failed (TypeError: Cannot read properties of undefined)');
    expect(await served(service, '/api/config/app')).toEqual(before);
    expect(await service.store.reload()).toBe(true);
  });

  it('when schemas:check reads a file nested 800 deep, then it prints one line naming the file and the limit, and no stack', async () => {
    const copy = await freshCopy();
    await editDeep(copy, 800);

    const result = await run('npx', ['tsx', 'server/config/schema-store/cli.ts', copy.dir], { cwd: ROOT, timeout: 60_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`categories/catering.json: $.settings.schema.properties.menu_tree`);
    expect(result.stderr).toContain(`nested more than ${MAX_SCHEMA_DEPTH} levels deep`);
    expect(result.stderr).not.toMatch(/RangeError|\n\s+at /);
  });
});
