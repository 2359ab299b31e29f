/** One message, rendered. Links inside are built from PUBLIC_URL by the template, never from a request. */
export interface Mail {
  to: string;
  /** Where answers go, when not to the sender (support answers the vendor who wrote). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/** Escapes text for HTML mail bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
