import path from 'node:path';
import { parseEnv } from '../../core/env';
import { formatProblem } from './schema-problem';
import { checkSchemaFolder } from './snapshot';

/** `npm run schemas:check [dir]`: the server's own validation, exit code 1 on any problem. */
const dir = process.argv[2] ? path.resolve(process.argv[2]) : parseEnv(process.env).SCHEMAS_DIR;
const { config, problems } = await checkSchemaFolder(dir);
if (!config) {
  console.error(`✗ ${dir}: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  for (const problem of problems) console.error(`  ${formatProblem(problem)}`);
  process.exit(1);
}
console.log(
  `✓ ${dir}: ${config.routes.length} routes, ${config.categories.length} categories, ${config.forms.size} forms, ${config.guardRules.length} guard rules`,
);
