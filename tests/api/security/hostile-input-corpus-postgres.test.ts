import { describe } from 'vitest';
import { TEST_DATABASES } from '../../support/api/test-app';
import { hostileInputCorpus } from './hostile-input/corpus';

// With TEST_DATABASE_URL set (.ci/run sets it); the SQLite walk is hostile-input-corpus.test.ts.
describe.runIf(TEST_DATABASES.includes('postgres'))('on PostgreSQL', () => {
  hostileInputCorpus('postgres');
});
