/** What a form schema may declare its fields in: its own properties and those of its combinators. */
interface SchemaLike {
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  patternProperties?: unknown;
  allOf?: SchemaLike[];
  anyOf?: SchemaLike[];
  oneOf?: SchemaLike[];
  if?: SchemaLike;
  then?: SchemaLike;
  else?: SchemaLike;
}

function declaredNames(schema: SchemaLike, names: Set<string>): boolean {
  if (!schema || typeof schema !== 'object') return true;
  // A schema that validates other keys (or lets any through on purpose) keeps them all.
  if (schema.additionalProperties === true || (schema.additionalProperties && typeof schema.additionalProperties === 'object') || schema.patternProperties)
    return false;
  for (const name of Object.keys(schema.properties ?? {})) names.add(name);
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), schema.if, schema.then, schema.else];
  return parts.every((part) => part === undefined || declaredNames(part, names));
}

/**
 * The answers of a category's request or quote form that its schema declares. The forms do not
 * close their objects (`additionalProperties`), so a body could carry any other key up to the
 * body limit unvalidated; those are dropped before the answers are stored and shown to the
 * other side (docs/marketplace.md: every body validated).
 */
export function declaredAnswers(schema: object, answers: Record<string, unknown>): Record<string, unknown> {
  const names = new Set<string>();
  if (!declaredNames(schema as SchemaLike, names)) return answers;
  return Object.fromEntries(Object.entries(answers).filter(([name]) => names.has(name)));
}
