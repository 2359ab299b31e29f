import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the blackout dates page: a change to the blocks invalidates `blocks` and every `month`. */
export const availabilityKeys = {
  blocks: ['availability', 'blocks'] as const,
  months: ['availability', 'month'] as const,
  month: (from: string, to: string) => ['availability', 'month', from, to] as const,
  feed: ['availability', 'feed'] as const,
};

/** Loads the list of blocks and the calendar's months again, after the blocks changed. */
export function refreshBlocks(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: availabilityKeys.blocks }), client.invalidateQueries({ queryKey: availabilityKeys.months })]);
}
