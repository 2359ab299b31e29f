import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import {
  QUOTE_TEMPLATES_PER_CATEGORY,
  type CreateQuoteTemplateBody,
  type QuoteTemplate,
  type UpdateQuoteTemplateBody,
} from '../../shared/contracts/quote-templates';
import { quoteFormId } from '../config';
import { isUniqueViolation } from '../core/db/unique-violation';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import { declaredAnswers } from '../forms';
import { toQuoteTemplate } from './quote-template-row';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quote-templates.repository';

type Deps = Pick<QuotesDeps, 'database' | 'clock' | 'schemas' | 'validator'>;

function noTemplate(): AppError {
  return new AppError(404, 'not-found', 'No quote template with that id.');
}

function nameTaken(name: string): AppError {
  return new AppError(409, 'conflict', `You already have a template named "${name}". Choose another name, or delete that one first.`);
}

/** The category's label; an id that names no category is a 400 on `category`. */
function categoryLabel(deps: Deps, categoryId: string): string {
  const category = deps.schemas().config.categories.find((c) => c.id === categoryId);
  if (!category)
    throw new AppError(400, 'validation-failed', 'Some fields need your attention.', [{ path: 'category', message: `There is no category "${categoryId}"` }]);
  return category.label;
}

/**
 * The answers checked against the category's quote form as a sent quote's are (errors under
 * `details.`), keeping the fields it declares but those its prefill takes from the couple's
 * request (guests, tiers): each request says them anew, and a template never carries one couple's.
 */
function checkedDetails(deps: Deps, categoryId: string, details: Record<string, unknown>): Record<string, unknown> {
  const { config } = deps.schemas();
  const form = config.forms.get(quoteFormId(categoryId));
  if (!form) return details;
  const errors = deps.validator.validate(form.payload.schema, details).map((error) => ({ path: `details.${error.path}`, message: error.message }));
  if (errors.length > 0) throw new AppError(400, 'validation-failed', 'Some fields need your attention.', errors);
  const fromRequest = new Set(
    (config.categories.find((c) => c.id === categoryId)?.quotePrefill?.fields ?? []).filter((field) => 'request' in field).map((field) => field.quote),
  );
  return Object.fromEntries(Object.entries(declaredAnswers(form.payload.schema, details)).filter(([field]) => !fromRequest.has(field)));
}

/** `GET /api/quote-templates?category=`: the business's templates of the category, by name. Whoever reads quotes may. */
export async function listTemplates(deps: Deps, auth: AuthContext, categoryId: string): Promise<QuoteTemplate[]> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  categoryLabel(deps, categoryId);
  return (await repo.listTemplates(deps.database.db, auth.vendorId, categoryId)).map(toQuoteTemplate);
}

/**
 * `POST /api/quote-templates`: the quote saved under a name in its category. 409 when the business
 * has a template of that name there, or already the most it may keep. Whoever quotes may.
 */
export async function createTemplate(deps: Deps, auth: AuthContext, input: CreateQuoteTemplateBody): Promise<QuoteTemplate> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Quote');
  const label = categoryLabel(deps, input.category);
  const details = checkedDetails(deps, input.category, input.details);
  const now = deps.clock.now();
  const row = {
    id: randomUUID(),
    vendor_id: auth.vendorId,
    category_id: input.category,
    name: input.name,
    name_key: input.name.toLowerCase(),
    price_cents: input.priceCents ?? null,
    message: input.message ?? null,
    details: JSON.stringify(details),
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.database.writeTransaction(async (trx) => {
      await repo.lockTemplates(trx, auth.vendorId, input.category, deps.database.dialect);
      if ((await repo.countTemplates(trx, auth.vendorId, input.category)) >= QUOTE_TEMPLATES_PER_CATEGORY) {
        throw new AppError(409, 'conflict', `You have ${QUOTE_TEMPLATES_PER_CATEGORY} ${label} templates, the most you can keep. Delete one to save another.`);
      }
      if (await repo.templateNamed(trx, auth.vendorId, input.category, row.name_key)) throw nameTaken(input.name);
      await repo.insertTemplate(trx, row);
    });
  } catch (error) {
    // The lock makes this unreachable; the unique index is the last word all the same.
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
  return toQuoteTemplate(row);
}

/** `PATCH /api/quote-templates/:id`: a new name (409 when another template of the category has it), new content, or both; another business's is not found. */
export async function updateTemplate(deps: Deps, auth: AuthContext, id: string, input: UpdateQuoteTemplateBody): Promise<QuoteTemplate> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Quote');
  const db = deps.database.db;
  const found = await repo.findTemplateOf(db, auth.vendorId, id);
  if (!found) throw noTemplate();
  const change = {
    ...(input.name !== undefined ? { name: input.name, name_key: input.name.toLowerCase() } : {}),
    ...(input.priceCents !== undefined ? { price_cents: input.priceCents } : {}),
    ...(input.message !== undefined ? { message: input.message } : {}),
    ...(input.details !== undefined ? { details: JSON.stringify(checkedDetails(deps, found.category_id, input.details)) } : {}),
    updated_at: deps.clock.now(),
  };
  try {
    await deps.database.writeTransaction(async (trx) => {
      await repo.lockTemplates(trx, auth.vendorId, found.category_id, deps.database.dialect);
      if (change.name_key !== undefined) {
        const holder = await repo.templateNamed(trx, auth.vendorId, found.category_id, change.name_key);
        if (holder && holder !== id) throw nameTaken(change.name ?? '');
      }
      if (!(await repo.updateTemplate(trx, auth.vendorId, id, change))) throw noTemplate();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(change.name ?? '');
    throw error;
  }
  const row = await repo.findTemplateOf(db, auth.vendorId, id);
  if (!row) throw noTemplate();
  return toQuoteTemplate(row);
}

/** `DELETE /api/quote-templates/:id`; another business's is not found. */
export async function deleteTemplate(deps: Deps, auth: AuthContext, id: string): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Quote');
  if (!(await repo.deleteTemplate(deps.database.db, auth.vendorId, id))) throw noTemplate();
}
