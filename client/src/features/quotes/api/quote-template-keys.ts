/**
 * Query keys of the business's quote templates: one list per category, which the quote page's
 * template menu reads and every save, rename and delete updates. Not under `quoteKeys.all`: sending
 * a quote changes no template.
 */
export const quoteTemplateKeys = {
  all: ['quote-templates'] as const,
  list: (category: string) => [...quoteTemplateKeys.all, category] as const,
};
