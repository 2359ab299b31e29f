import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import supertest from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaLoadError, type SchemaProblem } from '../../server/config/schema-store/schema-problem';
import { loadSnapshot } from '../../server/config/schema-store/snapshot';
import { copySchemas, type SchemaCopy } from '../support/schemas';
import { nextEvent, replaceJson, startConfigService, type ConfigService } from '../support/api/config-service';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

type Json = Record<string, unknown>;
interface RoutesFile {
  routes: { name: string; meta: Json }[];
}

const copies: SchemaCopy[] = [];
const services: ConfigService[] = [];

async function freshCopy(): Promise<SchemaCopy> {
  const copy = await copySchemas();
  copies.push(copy);
  return copy;
}

async function watching(copy: SchemaCopy): Promise<ConfigService> {
  const service = await startConfigService(copy.dir, { watch: true });
  services.push(service);
  return service;
}

afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
  await Promise.all(copies.splice(0).map((copy) => copy.remove()));
});

/** The problems `loadSnapshot` rejects the folder with; fails the test if it loads. */
async function problemsOf(dir: string): Promise<SchemaProblem[]> {
  try {
    await loadSnapshot(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaLoadError);
    return (error as SchemaLoadError).problems;
  }
  throw new Error('expected the folder to be refused, but it loaded');
}

async function readText(copy: SchemaCopy, file: string): Promise<string> {
  return readFile(path.join(copy.dir, file), 'utf8');
}

/** Replaces the one occurrence of `from` in `file` and returns the 1-based line it is on. */
async function editText(copy: SchemaCopy, file: string, from: string, to: string): Promise<number> {
  const text = await readText(copy, file);
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + 1) !== -1) throw new Error(`"${from}" is not in ${file} exactly once`);
  await copy.writeRaw(file, text.slice(0, at) + to + text.slice(at + from.length));
  return text.slice(0, at).split('\n').length;
}

async function editJson(copy: SchemaCopy, file: string, edit: (json: Json) => void): Promise<void> {
  const json = (await copy.read(file)) as Json;
  edit(json);
  await copy.write(file, json);
}

function category(json: Json) {
  return json as { settings: { schema: { properties: Record<string, Json> }; uiSchema: Json }; guardRule: Json; vendorTypeId: number; id: string };
}

describe('loading a schema folder', () => {
  it('when the schemas are a faithful copy, then they load', async () => {
    const copy = await freshCopy();

    const snapshot = await loadSnapshot(copy.dir);

    expect(snapshot.config.categories).toHaveLength(14);
  });

  it('when a route has an unknown layout, then loading is refused naming routes.json and the JSON path', async () => {
    const copy = await freshCopy();
    const routes = (await copy.read('routes.json')) as RoutesFile;
    const index = routes.routes.findIndex((r) => r.name === 'dashboard');
    const dashboard = routes.routes[index];
    if (!dashboard) throw new Error('no dashboard route in routes.json');
    dashboard.meta.layout = 'sideways';
    await copy.write('routes.json', routes);

    const problems = await problemsOf(copy.dir);

    expect(problems).toContainEqual({ file: 'routes.json', path: `$.routes[${index}].meta.layout`, message: expect.any(String) });
  });

  it('when a category file is missing a comma, then loading is refused naming the file and the line', async () => {
    const copy = await freshCopy();
    const line = await editText(copy, 'categories/venue.json', '"vendorTypeId": 11,', '"vendorTypeId": 11');

    const problems = await problemsOf(copy.dir);

    const problem = problems.find((p) => p.file === 'categories/venue.json');
    // V8 reports the missing comma at the next token, which may sit on the following line.
    expect(problem?.message).toMatch(new RegExp(`line (?:${line}|${line + 1}), column \\d+`));
  });

  it.each([
    ['a bare word as a value', '"vendorTypeId": 11,', '"vendorTypeId": eleven,'],
    ['a trailing comma in a list', '"slugs": { "profile": "venue", "quoteDetail": "venue", "autoResponse": "venue" }', '"slugs": ["venue", ]'],
  ])('when a category file has %s, then the problem names the file and the line', async (_what, from, to) => {
    const copy = await freshCopy();
    const line = await editText(copy, 'categories/venue.json', from, to);

    const problems = await problemsOf(copy.dir);

    const problem = problems.find((p) => p.file === 'categories/venue.json');
    expect(problem, JSON.stringify(problems)).toBeDefined();
    expect(problem?.message).toContain(`line ${line}`);
  });

  it('when a category id differs from its file name, then loading is refused naming $.id', async () => {
    const copy = await freshCopy();
    await editJson(copy, 'categories/florist.json', (json) => {
      json.id = 'flowers';
    });

    const problems = await problemsOf(copy.dir);

    expect(problems).toContainEqual({ file: 'categories/florist.json', path: '$.id', message: expect.stringContaining('florist') });
  });

  it('when a settings form has an invalid keyword value, then loading is refused with a path under $.settings.schema', async () => {
    const copy = await freshCopy();
    await editJson(copy, 'categories/catering.json', (json) => {
      const field = category(json).settings.schema.properties.catering_head_count;
      if (!field) throw new Error('catering_head_count is not in the catering settings form');
      field.minimum = 'ten';
    });

    const problems = await problemsOf(copy.dir);

    const ours = problems.filter((p) => p.file === 'categories/catering.json');
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.every((p) => p.path.startsWith('$.settings.schema'))).toBe(true);
    expect(ours.map((p) => p.path)).toContain('$.settings.schema.properties.catering_head_count.minimum');
  });

  it('when a settings form uses an unknown keyword, then loading is refused (strict mode)', async () => {
    const copy = await freshCopy();
    await editJson(copy, 'categories/catering.json', (json) => {
      const field = category(json).settings.schema.properties.catering_head_count;
      if (!field) throw new Error('catering_head_count is not in the catering settings form');
      field.minimun = 1;
    });

    const problems = await problemsOf(copy.dir);

    expect(problems.some((p) => p.file === 'categories/catering.json' && p.path.startsWith('$.settings.schema'))).toBe(true);
  });

  it('when a uiSchema names an unknown field, then loading is refused naming that uiSchema key', async () => {
    const copy = await freshCopy();
    await editJson(copy, 'categories/catering.json', (json) => {
      category(json).settings.uiSchema.no_such_field = { 'ui:widget': 'textarea' };
    });

    const problems = await problemsOf(copy.dir);

    expect(problems).toContainEqual({
      file: 'categories/catering.json',
      path: '$.settings.uiSchema.no_such_field',
      message: expect.stringContaining('no_such_field'),
    });
  });

  it('when two categories share a vendorTypeId, then loading is refused naming $.vendorTypeId', async () => {
    const copy = await freshCopy();
    await editJson(copy, 'categories/music.json', (json) => {
      json.vendorTypeId = 6;
    });

    const problems = await problemsOf(copy.dir);

    const duplicate = problems.find((p) => p.path === '$.vendorTypeId');
    expect(duplicate, JSON.stringify(problems)).toBeDefined();
    expect(['categories/music.json', 'categories/florist.json']).toContain(duplicate?.file);
  });

  it('when a guard rule redirects to a route that does not exist, then loading is refused naming $.guardRule.redirectTo', async () => {
    const copy = await freshCopy();
    await editJson(copy, 'categories/venue.json', (json) => {
      category(json).guardRule.redirectTo = 'update-venue-setup';
    });

    const problems = await problemsOf(copy.dir);

    expect(problems).toContainEqual({
      file: 'categories/venue.json',
      path: '$.guardRule.redirectTo',
      message: expect.stringContaining('update-venue-setup'),
    });
  });

  it('when a menu entry names a route that does not exist, then loading is refused naming the entry in app.json', async () => {
    const copy = await freshCopy();
    await editJson(copy, 'app.json', (json) => {
      const menu = json.menu as { items: { route: string }[] }[];
      const item = menu[1]?.items[0];
      if (!item) throw new Error('app.json has no second menu group');
      item.route = 'potential-leads';
    });

    const problems = await problemsOf(copy.dir);

    expect(problems).toContainEqual({ file: 'app.json', path: '$.menu[1].items[0].route', message: expect.stringContaining('potential-leads') });
  });

  it('when a route names a form that does not exist, then loading is refused naming $.routes[i].formId', async () => {
    const copy = await freshCopy();
    const routes = (await copy.read('routes.json')) as { routes: { name: string; formId?: string }[] };
    const index = routes.routes.findIndex((r) => r.name === 'business-details');
    const details = routes.routes[index];
    if (!details) throw new Error('no business-details route in routes.json');
    details.formId = 'new-user-step-2';
    await copy.write('routes.json', routes);

    const problems = await problemsOf(copy.dir);

    expect(problems).toContainEqual({ file: 'routes.json', path: `$.routes[${index}].formId`, message: expect.stringContaining('new-user-step-2') });
  });

  it('when a route the guard needs is removed, then loading is refused naming it', async () => {
    const copy = await freshCopy();
    const routes = (await copy.read('routes.json')) as RoutesFile;
    routes.routes = routes.routes.filter((r) => r.name !== 'update-payment-method');
    await copy.write('routes.json', routes);

    const problems = await problemsOf(copy.dir);

    expect(problems).toContainEqual({ file: 'routes.json', path: '$.routes', message: expect.stringContaining('update-payment-method') });
  });

  it('when app.json is missing, then loading is refused naming it', async () => {
    const copy = await freshCopy();
    await rm(path.join(copy.dir, 'app.json'));

    const problems = await problemsOf(copy.dir);

    expect(problems).toContainEqual({ file: 'app.json', path: '$', message: expect.stringContaining('missing') });
  });
});

describe('the schemas:check CLI', () => {
  const cli = (dir: string) => run('npx', ['tsx', 'server/config/schema-store/cli.ts', dir], { cwd: ROOT, timeout: 60_000 });

  it('when the folder is good, then it exits 0 and prints the counts', async () => {
    const copy = await freshCopy();

    const { stdout } = await cli(copy.dir);

    expect(stdout).toMatch(/\d+ routes, 14 categories, \d+ forms, \d+ guard rules/);
  });

  it('when a file is bad, then it exits 1 and prints the file name and the JSON path', async () => {
    const copy = await freshCopy();
    const routes = (await copy.read('routes.json')) as RoutesFile;
    const index = routes.routes.findIndex((r) => r.name === 'settings');
    const settings = routes.routes[index];
    if (!settings) throw new Error('no settings route in routes.json');
    settings.meta.layout = 'sideways';
    await copy.write('routes.json', routes);

    const failure = await cli(copy.dir).then(
      () => null,
      (error: unknown) => error as { code?: number; stderr?: string },
    );

    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(`routes.json: $.routes[${index}].meta.layout`);
  });
});

describe('hot reload', () => {
  it('when app.json is edited, then the new config is served with a different ETag', async () => {
    const copy = await freshCopy();
    const { store, app } = await watching(copy);
    const before = await supertest(app).get('/api/config/app').expect(200);

    const reloaded = nextEvent(store, 'reload');
    await editJson(copy, 'app.json', (json) => {
      json.displayName = 'Vowly Pro Staging';
    });
    await reloaded;

    const after = await supertest(app).get('/api/config/app').expect(200);
    expect(after.body.displayName).toBe('Vowly Pro Staging');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('when the old ETag is revalidated after an edit, then the new body is sent instead of a 304', async () => {
    const copy = await freshCopy();
    const { store, app } = await watching(copy);
    const before = await supertest(app).get('/api/config/app').expect(200);

    const reloaded = nextEvent(store, 'reload');
    await editJson(copy, 'app.json', (json) => {
      json.title = 'Find Your Next Couple';
    });
    await reloaded;

    const after = await supertest(app)
      .get('/api/config/app')
      .set('If-None-Match', before.headers.etag as string)
      .expect(200);
    expect(after.body.title).toBe('Find Your Next Couple');
  });

  it('when a file is edited into invalid JSON, then the edit is rejected, logged, and the last good config is still served', async () => {
    const copy = await freshCopy();
    const { store, app, logger } = await watching(copy);
    const before = await supertest(app).get('/api/config/app').expect(200);

    const rejected = nextEvent(store, 'rejected');
    await copy.writeRaw('app.json', '{ "displayName": "Half written",');
    const [problems] = (await rejected) as [SchemaProblem[]];

    expect(problems.some((p) => p.file === 'app.json')).toBe(true);
    expect(logger.lines.some((l) => l.level === 'error' && JSON.stringify(l.fields).includes('app.json'))).toBe(true);
    const during = await supertest(app).get('/api/config/app').expect(200);
    expect(during.body.displayName).toBe(before.body.displayName);
    expect(during.headers.etag).toBe(before.headers.etag);
  });

  it('when a file gets a value its contract forbids, then the edit is rejected and the last good config is still served', async () => {
    const copy = await freshCopy();
    const { store, app, logger } = await watching(copy);
    const before = await supertest(app).get('/api/config/app').expect(200);

    const appJson = (await copy.read('app.json')) as Json;
    const rejected = nextEvent(store, 'rejected');
    await replaceJson(copy.dir, 'app.json', { ...appJson, layout: { ...(appJson.layout as Json), skin: 'neon' } });
    const [problems] = (await rejected) as [SchemaProblem[]];

    expect(problems).toContainEqual({ file: 'app.json', path: '$.layout.skin', message: expect.any(String) });
    expect(logger.lines.some((l) => l.level === 'error' && JSON.stringify(l.fields).includes('$.layout.skin'))).toBe(true);
    const during = await supertest(app).get('/api/config/app').expect(200);
    expect(during.body.layout.skin).toBe('light');
    expect(during.headers.etag).toBe(before.headers.etag);
  });

  it('when a bad edit is followed by a good one, then the good one is served', async () => {
    const copy = await freshCopy();
    const { store, app } = await watching(copy);
    const good = (await copy.read('app.json')) as Json;
    const before = await supertest(app).get('/api/config/app').expect(200);

    const rejected = nextEvent(store, 'rejected');
    await copy.writeRaw('app.json', '{ not json');
    await rejected;
    const reloaded = nextEvent(store, 'reload');
    await copy.write('app.json', { ...good, displayName: 'Vowly Pro Fixed' });
    await reloaded;

    const after = await supertest(app).get('/api/config/app').expect(200);
    expect(after.body.displayName).toBe('Vowly Pro Fixed');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('when a category file is edited, then the routes and forms served change with it', async () => {
    const copy = await freshCopy();
    const { store, app } = await watching(copy);

    const reloaded = nextEvent(store, 'reload');
    await editJson(copy, 'categories/venue.json', (json) => {
      category(json).settings.schema.properties.parking_spaces = { type: 'integer', title: 'Parking spaces', minimum: 0 };
    });
    await reloaded;

    const form = await supertest(app).get('/api/config/forms/update-venue-settings').expect(200);
    expect(Object.keys(form.body.schema.properties as object)).toContain('parking_spaces');
  });

  it('when a required file is deleted, then the edit is rejected and the last good config is still served', async () => {
    const copy = await freshCopy();
    const { store, app } = await watching(copy);
    const before = await supertest(app).get('/api/config/routes').expect(200);

    const rejected = nextEvent(store, 'rejected');
    await rm(path.join(copy.dir, 'routes.json'));
    const [problems] = (await rejected) as [SchemaProblem[]];

    expect(problems.some((p) => p.file === 'routes.json')).toBe(true);
    const during = await supertest(app).get('/api/config/routes').expect(200);
    expect(during.headers.etag).toBe(before.headers.etag);
  });
});

describe('reload listeners', () => {
  async function service(copy: SchemaCopy): Promise<ConfigService> {
    const started = await startConfigService(copy.dir);
    services.push(started);
    return started;
  }

  it('when a reload listener throws, then the good edit is still served and logged as reloaded, not rejected, and the listener’s error is logged on its own', async () => {
    const copy = await freshCopy();
    const { store, app, logger } = await service(copy);
    store.on('reload', () => {
      throw new Error('listener broke');
    });
    await editJson(copy, 'app.json', (json) => {
      json.displayName = 'Vowly Pro Listening';
    });

    const reloaded = await store.reload();

    expect(reloaded).toBe(true);
    expect((await supertest(app).get('/api/config/app').expect(200)).body.displayName).toBe('Vowly Pro Listening');
    expect(logger.lines.map((line) => line.message)).toEqual(['schemas reloaded', 'schema reload listener failed']);
    expect(logger.lines[1]).toMatchObject({ level: 'error', fields: { generation: store.current().generation, error: 'Error: listener broke' } });
  });

  it('when a rejected listener throws, then the bad edit is still rejected, the reload settles, and the next good edit is served', async () => {
    const copy = await freshCopy();
    const { store, app, logger } = await service(copy);
    const good = (await copy.read('app.json')) as Json;
    store.once('rejected', () => {
      throw new Error('listener broke');
    });
    await copy.writeRaw('app.json', '{ not json');

    expect(await store.reload()).toBe(false);
    expect(logger.lines.map((line) => line.message)).toEqual(['schema edit rejected; still serving the last good config', 'schema rejected listener failed']);

    await copy.write('app.json', { ...good, displayName: 'Vowly Pro Fixed' });
    expect(await store.reload()).toBe(true);
    expect((await supertest(app).get('/api/config/app').expect(200)).body.displayName).toBe('Vowly Pro Fixed');
  });
});
