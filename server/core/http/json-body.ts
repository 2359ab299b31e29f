import express, { type RequestHandler } from 'express';
import { MAX_BODY_DEPTH, findTooDeep } from '../../../shared/validators/json-depth';
import { AppError } from './app-error';

/** API bodies are JSON, or multipart for uploads (parsed, and limited, by the upload routes only). */
const requireJson: RequestHandler = (req, _res, next) => {
  const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
  if ((hasBody || req.headers['transfer-encoding']) && !req.is(['application/json', 'multipart/form-data'])) {
    return next(new AppError(415, 'unsupported-media-type', 'Send the request body as application/json.'));
  }
  next();
};

/**
 * Refuses bodies nested deeper than MAX_BODY_DEPTH before anything walks them: zod, Ajv and the
 * database recurse, and a few kilobytes of brackets would exhaust their stacks.
 */
const refuseDeepJson: RequestHandler = (req, _res, next) => {
  if (findTooDeep(req.body, MAX_BODY_DEPTH)) {
    return next(new AppError(400, 'validation-failed', `The request body is nested too deeply: at most ${MAX_BODY_DEPTH} levels of objects and arrays.`));
  }
  next();
};

/** The path to the first string or key of `value` holding U+0000, or null; iterative, and run after the depth check. */
function findNul(value: unknown): (string | number)[] | null {
  const pending: { node: unknown; path: (string | number)[] }[] = [{ node: value, path: [] }];
  for (let at = pending.pop(); at; at = pending.pop()) {
    if (typeof at.node === 'string') {
      if (at.node.includes('\u0000')) return at.path;
    } else if (at.node !== null && typeof at.node === 'object') {
      for (const [key, child] of Object.entries(at.node)) {
        const path = [...at.path, Array.isArray(at.node) ? Number(key) : key];
        if (key.includes('\u0000')) return path;
        pending.push({ node: child, path });
      }
    }
  }
  return null;
}

/**
 * Requests whose JSON text spells `\u0000` (the only way JSON carries a NUL: a raw one is not
 * valid JSON), noted while express.json reads the bytes: only those are walked for one. A
 * backslash written as `\\` before `u0000` is noted too, and the walk then finds nothing.
 */
const mayHoldNul = new WeakSet<object>();
const JSON_NUL = Buffer.from('\\u0000');

/**
 * Refuses text holding a NUL character: PostgreSQL cannot store one in a text column (the
 * insert fails, a 500), and no field of the product means one; SQLite would keep it. One rule
 * for every body, so both stores answer alike.
 */
const refuseNulText: RequestHandler = (req, _res, next) => {
  const path = mayHoldNul.has(req) ? findNul(req.body) : null;
  if (path) {
    return next(
      new AppError(400, 'validation-failed', 'Text in the request body cannot contain NUL characters (U+0000).', [
        { path: path.join('.'), message: 'Remove the NUL character.' },
      ]),
    );
  }
  next();
};

/** The API's body gate: JSON (or multipart) only, at most 100 KB, at most MAX_BODY_DEPTH levels deep, no NUL characters in text. */
export const jsonBody: RequestHandler[] = [
  requireJson,
  express.json({
    limit: '100kb',
    verify: (req, _res, bytes) => {
      if (bytes.includes(JSON_NUL)) mayHoldNul.add(req);
    },
  }),
  refuseDeepJson,
  refuseNulText,
];
