import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gallerySchema, type GalleryPhoto, type Profile } from '../../../../../shared/contracts/profile';
import { sendData } from '../../../lib/api/send-data';
import { profileKeys } from './profile-keys';

/** PUT /api/profile/gallery/order: `ids` lists every photo once; answers with the gallery in its new order. */
export function reorderGallery(ids: string[]): Promise<GalleryPhoto[]> {
  return sendData('put', gallerySchema, '/api/profile/gallery/order', { ids });
}

/** Moving a photo; the gallery takes the order the server stored. */
export function useReorderGallery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderGallery,
    onSuccess: (gallery) => client.setQueryData<Profile>(profileKeys.all, (profile) => (profile ? { ...profile, gallery } : profile)),
  });
}
