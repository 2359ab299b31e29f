import { useMutation } from '@tanstack/react-query';
import { createdRequestSchema, type CreateRequestBody, type CreatedRequest } from '../../../../../shared/contracts/marketplace';
import { sendData } from '../../../lib/api/send-data';

/**
 * POST /api/public/quote-requests: a customer asks for quotes. The request waits, unconfirmed,
 * until the customer opens the link mailed to them; a 400 names the fields to fix.
 */
export function createQuoteRequest(body: CreateRequestBody): Promise<CreatedRequest> {
  return sendData('post', createdRequestSchema, '/api/public/quote-requests', body);
}

/** Posting the customer's request. */
export function useCreateQuoteRequest() {
  return useMutation({ mutationFn: createQuoteRequest });
}
