/** Sample values for the auto-response preview's merge fields. */
export interface MergeSample {
  customer_name: string;
  event_date: string;
  category: string;
}

/** Replaces `{customer_name}`, `{event_date}` and `{category}`; unknown fields stay as typed. */
export function fillMergeFields(template: string, sample: MergeSample): string {
  return template.replace(/\{(customer_name|event_date|category)\}/g, (_m, field: keyof MergeSample) => sample[field]);
}
