import { appConfigSchema } from '../../../../shared/contracts/app-config';
import { categoriesResponseSchema } from '../../../../shared/contracts/category';
import { routesResponseSchema } from '../../../../shared/contracts/route';
import { parseResponse, ResponseShapeError } from '../api/response-shape-error';
import type { ConfigAnswers } from './client-config';

/** The config service's answers checked with their contracts: the first mismatch (a ResponseShapeError naming its request), or null. */
export function configMismatchOf(answers: ConfigAnswers): ResponseShapeError | null {
  try {
    parseResponse(appConfigSchema, answers.app, 'GET', '/api/config/app');
    parseResponse(routesResponseSchema, answers.routes, 'GET', '/api/config/routes');
    parseResponse(categoriesResponseSchema, answers.categories, 'GET', '/api/config/categories');
    return null;
  } catch (error) {
    if (error instanceof ResponseShapeError) return error;
    throw error;
  }
}
