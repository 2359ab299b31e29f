import { createRouteTable, type RouteTable } from '../../shared/routes/route-table';
import { buildConfig, type SchemaConfig } from './build-config';
import { precompute, type PrecomputedBody } from './precompute';
import { readSchemaFiles } from './read-schema-files';
import { SchemaLoadError, type SchemaProblem } from './schema-problem';

/** One immutable load of the schema folder, with every config response precomputed. */
export interface ConfigSnapshot {
  generation: number;
  loadedAt: string;
  config: SchemaConfig;
  table: RouteTable;
  bodies: {
    app: PrecomputedBody;
    routes: PrecomputedBody;
    categories: PrecomputedBody;
    forms: ReadonlyMap<string, PrecomputedBody>;
  };
}

/** Reads and validates the folder; returns the problems without throwing (the CLI's entry). */
export async function checkSchemaFolder(dir: string): Promise<{ config: SchemaConfig | null; problems: SchemaProblem[] }> {
  const { raw, problems } = await readSchemaFiles(dir);
  const built = buildConfig(raw);
  return { config: problems.length === 0 ? built.config : null, problems: [...problems, ...built.problems] };
}

/** Loads the folder into a snapshot; throws SchemaLoadError naming every bad file and JSON path. */
export async function loadSnapshot(dir: string, generation = 1): Promise<ConfigSnapshot> {
  const { config, problems } = await checkSchemaFolder(dir);
  if (!config) throw new SchemaLoadError(problems);
  return {
    generation,
    loadedAt: new Date().toISOString(),
    config,
    table: createRouteTable(config.routes),
    bodies: {
      app: precompute(config.app),
      routes: precompute({ routes: config.routes }),
      categories: precompute({ categories: config.categories }),
      forms: new Map([...config.forms].map(([id, form]) => [id, precompute(form.payload)])),
    },
  };
}
