/** The query keys of the business's reviews: a live `review.*` event invalidates `all`. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (rating: number | null) => [...reviewKeys.all, 'list', rating] as const,
};
