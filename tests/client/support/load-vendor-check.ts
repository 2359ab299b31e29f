import { loadVendorCheck } from '../../../client/src/lib/session/session';

// As the app does before it reads a stored session (main.tsx, prepareSession): tests store vendor
// records by hand and read them at once. A record read before the check has loaded is covered
// in session-store.test.tsx.
await loadVendorCheck();
