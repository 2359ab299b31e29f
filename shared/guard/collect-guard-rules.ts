import type { CategoryGuardRule, GuardRule } from '../contracts/guard-rule';

/** What the guard needs of a category: a category file or its served summary both fit. */
export interface CategoryWithRule {
  id: string;
  vendorTypeId: number;
  guardRule?: CategoryGuardRule | undefined;
}

/**
 * The signed-in rules declared by the categories, in their configured order (ties broken by
 * category id so the order never depends on file-system listing order). The server calls it
 * with the category files, the client with `GET /api/config/categories`.
 */
export function collectGuardRules(categories: readonly CategoryWithRule[]): GuardRule[] {
  return categories
    .flatMap((category) =>
      category.guardRule
        ? [{ ...category.guardRule, vendorTypeId: category.guardRule.requiresCategory ? category.vendorTypeId : null, categoryId: category.id }]
        : [],
    )
    .sort((a, b) => a.order - b.order || a.categoryId.localeCompare(b.categoryId))
    .map(({ categoryId: _categoryId, ...rule }) => rule);
}
