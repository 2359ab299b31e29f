import { createRouteTable, type RouteTable } from '../../../shared/routes/route-table';
import type { PlansFile, PlansResponse } from '../../../shared/contracts/plans';
import { buildConfig, type SchemaConfig } from './build-config';
import { precompute, type PrecomputedBody } from '../../core/http/precompute';
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
    plans: PrecomputedBody;
    forms: ReadonlyMap<string, PrecomputedBody>;
  };
}

/** `GET /api/config/plans` (docs/architecture.md: Config API): each plan and pack with the file's currency. */
function plansResponse(plans: PlansFile): PlansResponse {
  return {
    plans: plans.plans.map((plan) => ({ ...plan, currency: plans.currency })),
    creditPacks: plans.creditPacks.map((pack) => ({ ...pack, currency: plans.currency })),
    trialCredits: plans.trialCredits,
  };
}

/** Reads and validates the folder; returns the problems without throwing (the CLI's entry). */
export async function checkSchemaFolder(dir: string): Promise<{ config: SchemaConfig | null; problems: SchemaProblem[] }> {
  const { raw, problems } = await readSchemaFiles(dir);
  let built: ReturnType<typeof buildConfig>;
  try {
    built = buildConfig(raw);
  } catch (error) {
    // A validator library failing on some input it was not built for: a refused edit, never a crash.
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { config: null, problems: [...problems, { file: dir, path: '$', message: `the schema files could not be checked (${reason})` }] };
  }
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
      plans: precompute(plansResponse(config.plans)),
      forms: new Map([...config.forms].map(([id, form]) => [id, precompute(form.payload)])),
    },
  };
}
