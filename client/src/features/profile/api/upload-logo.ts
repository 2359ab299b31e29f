import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileImageSchema, type Profile, type ProfileImage } from '../../../../../shared/contracts/profile';
import { sendData } from '../../../lib/api/send-data';
import { completenessKeys } from '../../../lib/completeness/completeness-keys';
import { profileKeys } from './profile-keys';
import { multipart, progressOf, type OnProgress } from './upload-progress';

/** POST /api/profile/logo: replaces the logo (the server crops it to 512 × 512). */
export function uploadLogo(file: File, onProgress?: OnProgress): Promise<ProfileImage> {
  return sendData('post', profileImageSchema, '/api/profile/logo', multipart(file), { onUploadProgress: progressOf(onProgress) });
}

/** Uploading a logo; the listing shows it as soon as the server answers. */
export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: OnProgress }) => uploadLogo(file, onProgress),
    onSuccess: (logo) => {
      client.setQueryData<Profile>(profileKeys.all, (profile) => (profile ? { ...profile, logo } : profile));
      void client.invalidateQueries({ queryKey: completenessKeys.all });
    },
  });
}
