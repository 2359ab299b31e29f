import { useQuery } from '@tanstack/react-query';
import { completenessSchema, type Completeness } from '../../../../shared/contracts/analytics';
import { getData, type ReadOptions } from '../api/get-data';
import { completenessKeys } from './completeness-keys';

/** GET /api/profile/completeness: the share of the profile done and each piece with where to add it. */
export function getCompleteness(options?: ReadOptions): Promise<Completeness> {
  return getData(completenessSchema, '/api/profile/completeness', options);
}

/** The profile's completeness, for the dashboard's checklist and the profile editor (read again whenever a screen showing it opens). */
export function useCompleteness(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: completenessKeys.all,
    queryFn: ({ signal }) => getCompleteness({ signal }),
    enabled: options.enabled ?? true,
    refetchOnMount: 'always',
  });
}
