import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';
import { ResponseShapeError } from '../../../client/src/lib/api/response-shape-error';
import { configMismatchOf } from '../../../client/src/lib/config/check-config-answers';
import { clientConfigOf } from '../../../client/src/lib/config/client-config';

// The answers as the config service sends them (its precomputed bodies).
const snapshot = await loadSnapshot(fileURLToPath(new URL('../../../schemas', import.meta.url)));
const answers = { app: snapshot.config.app, routes: { routes: snapshot.config.routes }, categories: { categories: snapshot.config.categories } };

describe('the config answers (the client builds from them at once and checks them once the first screen is up)', () => {
  it('when the answers fit their contracts, then there is no mismatch and the client config is built from them', () => {
    const parsed = JSON.parse(JSON.stringify(answers)) as typeof answers;

    expect(configMismatchOf(parsed)).toBeNull();
    const config = clientConfigOf(parsed);
    expect(config.routes).toEqual(snapshot.config.routes);
    expect(config.table.pathOf('login')).toBe('/');
  });

  it('when an answer has another shape, then the mismatch names its request', () => {
    const mismatch = configMismatchOf({ ...answers, routes: { routes: 'none' } });

    expect(mismatch).toBeInstanceOf(ResponseShapeError);
    expect(mismatch?.message).toMatch(/^GET \/api\/config\/routes answered with an unexpected shape: routes: /);
  });
});
