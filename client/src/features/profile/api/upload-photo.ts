import { useMutation, useQueryClient } from '@tanstack/react-query';
import { galleryPhotoSchema, type GalleryPhoto, type Profile } from '../../../../../shared/contracts/profile';
import { sendData } from '../../../lib/api/send-data';
import { completenessKeys } from '../../../lib/completeness/completeness-keys';
import { profileKeys } from './profile-keys';
import { multipart, progressOf, type OnProgress } from './upload-progress';

/** POST /api/profile/gallery: adds a photo at the end of the gallery. */
export function uploadPhoto(file: File, onProgress?: OnProgress): Promise<GalleryPhoto> {
  return sendData('post', galleryPhotoSchema, '/api/profile/gallery', multipart(file), { onUploadProgress: progressOf(onProgress) });
}

/** Adding a photo; several may upload at once, each joining the gallery when it is stored. */
export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: OnProgress }) => uploadPhoto(file, onProgress),
    onSuccess: (photo) => {
      client.setQueryData<Profile>(profileKeys.all, (profile) => (profile ? { ...profile, gallery: [...profile.gallery, photo] } : profile));
      void client.invalidateQueries({ queryKey: completenessKeys.all });
    },
  });
}
