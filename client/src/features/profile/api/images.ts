import { z } from 'zod';
import { http } from '../../../lib/api/http';
import { photoSchema, type GalleryPhoto, type ProfileImage } from './profile';

/** Upload progress, 0–100. */
export type OnProgress = (percent: number) => void;

function multipart(file: Blob, name: string): FormData {
  const body = new FormData();
  body.append('file', file, name);
  return body;
}

function progressOf(onProgress: OnProgress | undefined) {
  return (event: { loaded: number; total?: number }) => {
    if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
  };
}

/** POST /api/profile/logo: replaces the logo (the server crops it to 512 × 512). */
export async function uploadLogo(file: File, onProgress?: OnProgress): Promise<ProfileImage> {
  const res = await http.post('/api/profile/logo', multipart(file, file.name), { onUploadProgress: progressOf(onProgress) });
  return z.object({ data: z.object({ url: z.string(), width: z.number(), height: z.number() }) }).parse(res.data).data;
}

/** DELETE /api/profile/logo. */
export async function deleteLogo(): Promise<void> {
  await http.delete('/api/profile/logo');
}

/** POST /api/profile/gallery: adds a photo at the end of the gallery. */
export async function uploadPhoto(file: File, onProgress?: OnProgress): Promise<GalleryPhoto> {
  const res = await http.post('/api/profile/gallery', multipart(file, file.name), { onUploadProgress: progressOf(onProgress) });
  return z.object({ data: photoSchema }).parse(res.data).data;
}

/** DELETE /api/profile/gallery/:id. */
export async function deletePhoto(id: string): Promise<void> {
  await http.delete(`/api/profile/gallery/${encodeURIComponent(id)}`);
}

/** PUT /api/profile/gallery/order: `ids` lists every photo once; returns the gallery in its new order. */
export async function reorderGallery(ids: string[]): Promise<GalleryPhoto[]> {
  return z.object({ data: z.array(photoSchema) }).parse((await http.put('/api/profile/gallery/order', { ids })).data).data;
}
