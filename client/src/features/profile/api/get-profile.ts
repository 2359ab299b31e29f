import { useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '../../../../../shared/contracts/profile';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { profileKeys } from './profile-keys';

/** GET /api/profile: the listing as customers see it, with the upload rules. */
export function getProfile(options?: ReadOptions): Promise<Profile> {
  return getData(profileSchema, '/api/profile', options);
}

/** The business's listing. */
export function useProfile() {
  return useQuery({ queryKey: profileKeys.all, queryFn: ({ signal }) => getProfile({ signal }) });
}
