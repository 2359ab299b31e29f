import { useMutation } from '@tanstack/react-query';
import { contactReceiptSchema, type ContactBody, type ContactReceipt } from '../../../../../shared/contracts/support';
import { sendData } from '../../../lib/api/send-data';

/** `POST /api/contact` (202): mails support and a copy to the sender; answers where support will reply. */
export function sendContactMessage(body: ContactBody): Promise<ContactReceipt> {
  return sendData('post', contactReceiptSchema, '/api/contact', body);
}

/** Sending a message to support. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
