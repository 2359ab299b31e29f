import { z } from 'zod';
import { http } from '../../../lib/api/http';

const imageSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

export const photoSchema = imageSchema.extend({ id: z.string(), thumbUrl: z.string() });

const profileSchema = z.object({
  vendorId: z.string(),
  businessName: z.string(),
  about: z.string().nullable(),
  serviceArea: z.string().nullable(),
  city: z.string().nullable(),
  serviceRadiusMiles: z.number().nullable(),
  phone: z.string().nullable(),
  links: z.object({ website: z.string().nullable(), instagram: z.string().nullable(), facebook: z.string().nullable() }),
  logo: imageSchema.nullable(),
  gallery: z.array(photoSchema),
  categories: z.array(
    z.object({ id: z.string(), label: z.string(), path: z.string(), settingsFormId: z.string().nullable(), settingsPath: z.string().nullable() }),
  ),
  profileSaved: z.boolean(),
  limits: z.object({ maxBytes: z.number(), maxGalleryPhotos: z.number(), types: z.array(z.string()) }),
});

export type Profile = z.infer<typeof profileSchema>;
export type ProfileImage = z.infer<typeof imageSchema>;
export type GalleryPhoto = z.infer<typeof photoSchema>;
export type UploadLimits = Profile['limits'];

/** GET /api/profile: the listing as customers see it, with the upload rules. */
export async function getProfile(): Promise<Profile> {
  return z.object({ data: profileSchema }).parse((await http.get('/api/profile')).data).data;
}
