import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteTemplateSchema, type CreateQuoteTemplateBody, type QuoteTemplate } from '../../../../../shared/contracts/quote-templates';
import { sendData } from '../../../lib/api/send-data';
import { quoteTemplateKeys } from './quote-template-keys';

/** `POST /api/quote-templates`: the quote form as it stands, saved under a name. 400 (field errors) and 409 (the name is taken, or the category is full) say why not. */
export function createQuoteTemplate(body: CreateQuoteTemplateBody): Promise<QuoteTemplate> {
  return sendData('post', quoteTemplateSchema, '/api/quote-templates', body);
}

/** Saving a template: it joins its category's list at once, then the list is read again. */
export function useCreateQuoteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createQuoteTemplate,
    onSuccess: (saved) =>
      client.setQueryData<QuoteTemplate[]>(quoteTemplateKeys.list(saved.category), (old) =>
        [...(old ?? []), saved].sort((a, b) => a.name.localeCompare(b.name)),
      ),
    onSettled: (_saved, _error, body) => client.invalidateQueries({ queryKey: quoteTemplateKeys.list(body.category) }),
  });
}
