import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../../../shared/contracts/profile';
import { sendData } from '../../../lib/api/send-data';
import { completenessKeys } from '../../../lib/completeness/completeness-keys';
import { profileKeys } from './profile-keys';

/** DELETE /api/profile/gallery/:id. */
export function deletePhoto(id: string): Promise<void> {
  return sendData('delete', null, `/api/profile/gallery/${encodeURIComponent(id)}`);
}

/** Deleting a gallery photo. */
export function useDeletePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: (_answer, id) => {
      client.setQueryData<Profile>(profileKeys.all, (profile) =>
        profile ? { ...profile, gallery: profile.gallery.filter((photo) => photo.id !== id) } : profile,
      );
      void client.invalidateQueries({ queryKey: completenessKeys.all });
    },
  });
}
