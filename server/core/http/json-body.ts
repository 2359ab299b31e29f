import { isUtf8 } from 'node:buffer';
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

/** An unpaired UTF-16 surrogate: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What a text of the body may not hold, and how the refusal says it. */
const UNSTORABLE = [
  {
    test: (text: string) => text.includes('\u0000'),
    detail: 'Text in the request body cannot contain NUL characters (U+0000).',
    field: 'Remove the NUL character.',
  },
  {
    test: (text: string) => LONE_SURROGATE.test(text),
    detail: 'Text in the request body must be valid Unicode: it holds half of a UTF-16 surrogate pair (U+D800 to U+DFFF), which is not a character.',
    field: 'Remove the broken character (half of a surrogate pair).',
  },
] as const;

type Unstorable = (typeof UNSTORABLE)[number];

/** The first string or key of `value` that holds what no store keeps alike, with its path; iterative, and run after the depth check. */
function findUnstorable(value: unknown): { path: (string | number)[]; rule: Unstorable } | null {
  const ruleFor = (text: string) => UNSTORABLE.find((rule) => rule.test(text));
  const pending: { node: unknown; path: (string | number)[] }[] = [{ node: value, path: [] }];
  for (let at = pending.pop(); at; at = pending.pop()) {
    if (typeof at.node === 'string') {
      const rule = ruleFor(at.node);
      if (rule) return { path: at.path, rule };
    } else if (at.node !== null && typeof at.node === 'object') {
      for (const [key, child] of Object.entries(at.node)) {
        const path = [...at.path, Array.isArray(at.node) ? Number(key) : key];
        const rule = ruleFor(key);
        if (rule) return { path, rule };
        pending.push({ node: child, path });
      }
    }
  }
  return null;
}

/**
 * Requests whose JSON text spells `\u0000` or a `\uD…` escape (the only ways JSON carries a NUL or
 * a surrogate: raw ones are not valid JSON or not valid UTF-8), noted while express.json reads the
 * bytes: only those are walked. A backslash written as `\\` before them is noted too, and the walk
 * then finds nothing; so is an emoji written as its surrogate pair, which is whole.
 */
const mayHoldUnstorable = new WeakSet<object>();
const JSON_ESCAPES = ['\\u0000', '\\ud', '\\uD'].map((escape) => Buffer.from(escape));

/** Requests whose body is not valid UTF-8: the parser would have put U+FFFD in place of each bad byte, silently. */
const notUtf8 = new WeakSet<object>();

/**
 * Refuses text that the two stores would not keep alike: a NUL character (PostgreSQL cannot store
 * U+0000 in a text column, the insert fails, a 500; SQLite keeps it), half of a surrogate pair
 * (PostgreSQL refuses it in the mail job's JSON, a 500; SQLite stores it) and bytes that are not
 * UTF-8 (replaced without a word). No field of the product means any of them: one rule for every
 * body, naming the field, so both stores answer alike.
 */
const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  if (notUtf8.has(req)) {
    return next(new AppError(400, 'validation-failed', 'The request body is not valid UTF-8: send the JSON encoded as UTF-8.'));
  }
  const found = mayHoldUnstorable.has(req) ? findUnstorable(req.body) : null;
  if (found) {
    return next(new AppError(400, 'validation-failed', found.rule.detail, [{ path: found.path.join('.'), message: found.rule.field }]));
  }
  next();
};

/**
 * The API's body gate: JSON (or multipart) only, at most 100 KB, at most MAX_BODY_DEPTH levels
 * deep, UTF-8, and no NUL characters or halves of surrogate pairs in text.
 */
export const jsonBody: RequestHandler[] = [
  requireJson,
  express.json({
    limit: '100kb',
    // `encoding` is the charset the request declares (UTF-8 when it declares none, as JSON is).
    verify: (req, _res, bytes, encoding) => {
      if (/^utf-?8$/i.test(encoding) && !isUtf8(bytes)) notUtf8.add(req);
      if (JSON_ESCAPES.some((escape) => bytes.includes(escape))) mayHoldUnstorable.add(req);
    },
  }),
  refuseDeepJson,
  refuseUnstorableText,
];
