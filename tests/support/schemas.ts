import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's own `schemas/` folder. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas', import.meta.url));

/** A private copy of `schemas/` in a temp folder, with helpers to edit it. */
export interface SchemaCopy {
  dir: string;
  read(file: string): Promise<unknown>;
  write(file: string, json: unknown): Promise<void>;
  writeRaw(file: string, text: string): Promise<void>;
  remove(): Promise<void>;
}

/** Copies `schemas/` to a new temp folder so a test can edit it freely. */
export async function copySchemas(): Promise<SchemaCopy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'schemas-'));
  await cp(SCHEMAS_DIR, dir, { recursive: true });
  return {
    dir,
    read: async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as unknown,
    write: (file, json) => writeFile(path.join(dir, file), `${JSON.stringify(json, null, 2)}\n`),
    writeRaw: (file, text) => writeFile(path.join(dir, file), text),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
