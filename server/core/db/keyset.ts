import type { ExpressionBuilder, ExpressionWrapper, ReferenceExpression, SqlBool } from 'kysely';

/**
 * The keyset condition of a page: rows strictly after `position` in the order (key, id), both
 * descending (`'<'`: older, or as old with a smaller id) or both ascending (`'>'`). Written as
 * `key < k OR (key = k AND id < i)` rather than a row value, so that both stores use the
 * (key, id) index the same way.
 */
export function afterPosition<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: { key: ReferenceExpression<DB, TB>; id: ReferenceExpression<DB, TB> },
  direction: '<' | '>',
  position: { key: number | string; id: string },
): ExpressionWrapper<DB, TB, SqlBool> {
  // The values are the columns' own (a number or text key, a text id); Kysely cannot relate a
  // generic column reference to its value type, hence the widening.
  const key = position.key as never;
  const id = position.id as never;
  return eb.or([eb(columns.key, direction, key), eb.and([eb(columns.key, '=', key), eb(columns.id, direction, id)])]);
}
