import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteTemplate } from '../../../../../shared/contracts/quote-templates';
import { sendData } from '../../../lib/api/send-data';
import { quoteTemplateKeys } from './quote-template-keys';

/** `DELETE /api/quote-templates/:id`. */
export function deleteQuoteTemplate(template: Pick<QuoteTemplate, 'id' | 'category'>): Promise<void> {
  return sendData('delete', null, `/api/quote-templates/${encodeURIComponent(template.id)}`);
}

/** Deleting a template: it leaves its category's list at once, then the list is read again. */
export function useDeleteQuoteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteQuoteTemplate,
    onSuccess: (_answer, template) =>
      client.setQueryData<QuoteTemplate[]>(quoteTemplateKeys.list(template.category), (old) => old?.filter((t) => t.id !== template.id)),
    onSettled: (_answer, _error, template) => client.invalidateQueries({ queryKey: quoteTemplateKeys.list(template.category) }),
  });
}
