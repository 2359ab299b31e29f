import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../../../shared/contracts/profile';
import { sendData } from '../../../lib/api/send-data';
import { completenessKeys } from '../../../lib/completeness/completeness-keys';
import { profileKeys } from './profile-keys';

/** DELETE /api/profile/logo. */
export function deleteLogo(): Promise<void> {
  return sendData('delete', null, '/api/profile/logo');
}

/** Removing the logo. */
export function useDeleteLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: () => {
      client.setQueryData<Profile>(profileKeys.all, (profile) => (profile ? { ...profile, logo: null } : profile));
      void client.invalidateQueries({ queryKey: completenessKeys.all });
    },
  });
}
