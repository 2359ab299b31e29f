import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { quoteTemplateSchema, type QuoteTemplate } from '../../../../../shared/contracts/quote-templates';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { quoteTemplateKeys } from './quote-template-keys';

/** `GET /api/quote-templates?category=`: the business's templates of a category, by name. */
export function listQuoteTemplates(category: string, options?: ReadOptions): Promise<QuoteTemplate[]> {
  return getData(z.array(quoteTemplateSchema), `/api/quote-templates?category=${encodeURIComponent(category)}`, options);
}

/** The business's templates of a category; they change only when someone in the team saves one. */
export function useQuoteTemplates(category: string, enabled = true) {
  return useQuery({
    queryKey: quoteTemplateKeys.list(category),
    queryFn: ({ signal }) => listQuoteTemplates(category, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
