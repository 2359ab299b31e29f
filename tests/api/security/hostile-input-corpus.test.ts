import { hostileInputCorpus } from './hostile-input/corpus';

// The walk on PostgreSQL is its own file (hostile-input-corpus-postgres.test.ts), so the two run side by side.
hostileInputCorpus('sqlite');
