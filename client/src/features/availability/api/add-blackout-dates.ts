import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { blackoutSchema, type Blackout, type createBlackoutBodySchema } from '../../../../../shared/contracts/marketplace';
import { sendData } from '../../../lib/api/send-data';
import { refreshBlocks } from './availability-keys';

export type AddBlackoutInput = z.input<typeof createBlackoutBodySchema>;

/** POST /api/blackout-dates: blocks the days from `from` to `to` (inclusive) with an optional note. */
export function addBlackoutDates(input: AddBlackoutInput): Promise<Blackout> {
  return sendData('post', blackoutSchema, '/api/blackout-dates', input);
}

/** Blocking days; the list and the calendar load again after it. */
export function useAddBlackoutDates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addBlackoutDates,
    onSuccess: () => refreshBlocks(client),
  });
}
