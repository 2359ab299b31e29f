/** The form of a category's requests (the customer's questions): `request-<category id>`. */
export function requestFormId(categoryId: string): string {
  return `request-${categoryId}`;
}

/** The form of a category's quotes (the vendor's answer): `quote-<category id>`. */
export function quoteFormId(categoryId: string): string {
  return `quote-${categoryId}`;
}
