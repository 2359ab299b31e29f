import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The boundary errors ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(eslint: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// ESLint's first lint loads the config, its plugins and the TypeScript parser: seconds on a busy machine.
describe('server module boundaries (ESLint)', { timeout: 30_000 }, () => {
  let eslint: ESLint;

  beforeAll(async () => {
    eslint = new ESLint({ cwd: ROOT });
    await eslint.lintText('export {};\n', { filePath: `${ROOT}/server/team/boundary-fixture.ts` });
  }, 30_000);

  it("when a module imports another module's internals, then lint fails naming the index to use", async () => {
    const errors = await boundaryErrors(eslint, 'server/team/boundary-fixture.ts', "import { login } from '../auth/sign-in';\nexport const fixture = login;\n");

    expect(errors).toEqual([
      `Unexpected path "../auth/sign-in" imported in restricted zone. Modules meet through each other's index.ts: import from '../auth', not its internals.`,
    ]);
  });

  it('when a module imports another through its index, then lint is satisfied', async () => {
    expect(await boundaryErrors(eslint, 'server/team/boundary-fixture.ts', "import { findUser } from '../auth';\nexport const fixture = findUser;\n")).toEqual(
      [],
    );
  });

  it('when core imports a module, even through its index, then lint fails', async () => {
    const errors = await boundaryErrors(eslint, 'server/core/boundary-fixture.ts', "import { findUser } from '../auth';\nexport const fixture = findUser;\n");

    expect(errors).toEqual([
      'Unexpected path "../auth" imported in restricted zone. server/core imports no module: modules stand on the core, not the other way round.',
    ]);
  });

  it("when any core file, the database schema included, imports even a type of a module, then lint fails: modules add their tables and events to core's types themselves", async () => {
    const code = "import type { AuthTables } from '../../auth/auth.table';\nexport type Fixture = AuthTables;\n";
    expect(await boundaryErrors(eslint, 'server/core/db/schema.ts', code)).toEqual([
      'Unexpected path "../../auth/auth.table" imported in restricted zone. server/core imports no module: modules stand on the core, not the other way round.',
    ]);
  });

  it('when a module imports the core, then lint is satisfied', async () => {
    expect(
      await boundaryErrors(eslint, 'server/team/boundary-fixture.ts', "import { AppError } from '../core/http/app-error';\nexport const fixture = AppError;\n"),
    ).toEqual([]);
  });
});
