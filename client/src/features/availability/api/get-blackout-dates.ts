import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { blackoutSchema, type Blackout } from '../../../../../shared/contracts/marketplace';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { availabilityKeys } from './availability-keys';

/** GET /api/blackout-dates: the blocks that have not ended yet, earliest first. */
export function getBlackoutDates(options?: ReadOptions): Promise<Blackout[]> {
  return getData(z.array(blackoutSchema), '/api/blackout-dates', options);
}

/** The upcoming blocks. */
export function useBlackoutDates() {
  return useQuery({ queryKey: availabilityKeys.blocks, queryFn: ({ signal }) => getBlackoutDates({ signal }) });
}
