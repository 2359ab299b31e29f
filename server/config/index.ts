/**
 * The config module: the schema store (load, validate, watch `SCHEMAS_DIR`; keep the last good
 * config), the config API and its fast path, the navigation guard endpoint and each form's
 * precompiled validator. Other modules read the current snapshot through the store.
 */
export { createConfigFastPath } from './config-fast-path';
export { configRouter } from './config.router';
export { quoteFormId, requestFormId, type ConfigForm, type SchemaConfig } from './schema-store/build-config';
export { SchemaLoadError } from './schema-store/schema-problem';
export { createSchemaStore, type SchemaStore } from './schema-store/schema-store';
export { loadSnapshot, type ConfigSnapshot } from './schema-store/snapshot';
export { signInPage } from './sign-in-page';
