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

/** The API's body gate: JSON (or multipart) only, at most 100 KB, at most MAX_BODY_DEPTH levels deep. */
export const jsonBody: RequestHandler[] = [requireJson, express.json({ limit: '100kb' }), refuseDeepJson];
