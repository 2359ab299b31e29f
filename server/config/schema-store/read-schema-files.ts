import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { findTooDeep } from '../../../shared/validators/json-depth';
import { jsonPath, type SchemaProblem } from './schema-problem';

/**
 * How deep a schema file may nest objects and arrays. The deepest shipped file nests 8 levels;
 * Ajv and the validators it generates recurse once per level, and a file 1,000 levels deep
 * exhausts their stack.
 */
export const MAX_SCHEMA_DEPTH = 32;

/** A parsed JSON file, named relative to the schema folder. */
export interface JsonFile {
  file: string;
  json: unknown;
}

/** The schema folder's files, parsed but not yet validated. */
export interface RawSchemaFiles {
  app: JsonFile | null;
  routes: JsonFile | null;
  categories: JsonFile[];
  forms: JsonFile[];
  autoResponseTemplate: JsonFile | null;
  requestTemplate: JsonFile | null;
  quoteTemplate: JsonFile | null;
  plans: JsonFile | null;
}

/**
 * Where and why a file is not JSON, on one line. JSON.parse's own message does not always carry
 * a position (Node 20 quotes a snippet instead), so a second parser locates the first error.
 */
function describeJsonError(text: string, error: unknown): string {
  const errors: ParseError[] = [];
  parseTolerant(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return `invalid JSON: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ')}`;
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - before.lastIndexOf('\n');
  return `invalid JSON at line ${line}, column ${column}: ${printParseErrorCode(first.error)}`;
}

async function readJson(root: string, file: string, problems: SchemaProblem[]): Promise<JsonFile | null> {
  let text: string;
  try {
    text = await readFile(path.join(root, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.push({ file, path: '$', message: code === 'ENOENT' ? 'file is missing' : `cannot read file (${code})` });
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    problems.push({ file, path: '$', message: describeJsonError(text, error) });
    return null;
  }
  const tooDeep = findTooDeep(json, MAX_SCHEMA_DEPTH);
  if (tooDeep) {
    problems.push({ file, path: jsonPath(tooDeep), message: `nested more than ${MAX_SCHEMA_DEPTH} levels deep; flatten this part of the file` });
    return null;
  }
  return { file, json };
}

async function readFolder(root: string, folder: string, problems: SchemaProblem[], required: boolean): Promise<JsonFile[]> {
  let names: string[];
  try {
    names = await readdir(path.join(root, folder));
  } catch {
    if (required) problems.push({ file: `${folder}/`, path: '$', message: 'folder is missing' });
    return [];
  }
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => readJson(root, `${folder}/${name}`, problems)),
  );
  return files.filter((f): f is JsonFile => f !== null);
}

/** Reads and parses every schema file; unreadable or malformed files become problems. */
export async function readSchemaFiles(root: string): Promise<{ raw: RawSchemaFiles; problems: SchemaProblem[] }> {
  const problems: SchemaProblem[] = [];
  const [app, routes, categories, forms, autoResponseTemplate, requestTemplate, quoteTemplate, plans] = await Promise.all([
    readJson(root, 'app.json', problems),
    readJson(root, 'routes.json', problems),
    readFolder(root, 'categories', problems, true),
    readFolder(root, 'forms', problems, false),
    readJson(root, 'templates/auto-response.json', problems),
    readJson(root, 'templates/request.json', problems),
    readJson(root, 'templates/quote.json', problems),
    readJson(root, 'plans.json', problems),
  ]);
  return { raw: { app, routes, categories, forms, autoResponseTemplate, requestTemplate, quoteTemplate, plans }, problems };
}
