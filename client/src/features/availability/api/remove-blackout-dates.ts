import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendData } from '../../../lib/api/send-data';
import { refreshBlocks } from './availability-keys';

/** DELETE /api/blackout-dates/:id: the days of the block take requests again. */
export function removeBlackoutDates(id: string): Promise<void> {
  return sendData('delete', null, `/api/blackout-dates/${encodeURIComponent(id)}`);
}

/** Removing a block; the list and the calendar load again whatever the answer (it may be gone already). */
export function useRemoveBlackoutDates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeBlackoutDates,
    onSettled: () => refreshBlocks(client),
  });
}
