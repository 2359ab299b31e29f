import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteTemplateSchema, type QuoteTemplate } from '../../../../../shared/contracts/quote-templates';
import { sendData } from '../../../lib/api/send-data';
import { quoteTemplateKeys } from './quote-template-keys';

/** `PATCH /api/quote-templates/:id` with a new name (409 when another template of the category has it). */
export function renameQuoteTemplate(input: { id: string; name: string }): Promise<QuoteTemplate> {
  return sendData('patch', quoteTemplateSchema, `/api/quote-templates/${encodeURIComponent(input.id)}`, { name: input.name });
}

/** Renaming a template: the list shows the new name at once, then is read again. */
export function useRenameQuoteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renameQuoteTemplate,
    onSuccess: (saved) =>
      client.setQueryData<QuoteTemplate[]>(quoteTemplateKeys.list(saved.category), (old) =>
        old?.map((template) => (template.id === saved.id ? saved : template)).sort((a, b) => a.name.localeCompare(b.name)),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: quoteTemplateKeys.all }),
  });
}
