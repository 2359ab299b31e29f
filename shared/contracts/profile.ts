import { z } from 'zod';

/** A stored image: its URL and size in pixels; the answer of `POST /api/profile/logo`. */
export const profileImageSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

/** A gallery photo, with its thumbnail; the answer of `POST /api/profile/gallery`. */
export const galleryPhotoSchema = profileImageSchema.extend({ id: z.string(), thumbUrl: z.string() });

/** `PUT /api/profile/gallery/order`: the gallery in its new order. */
export const gallerySchema = z.array(galleryPhotoSchema);

const minimumSizeSchema = z.object({ long: z.number(), short: z.number() });

/** The server's upload rules: accepted MIME types, the size limit, the gallery's capacity, and the smallest photo and logo in pixels. */
export const uploadLimitsSchema = z.object({
  maxBytes: z.number(),
  maxGalleryPhotos: z.number(),
  types: z.array(z.string()),
  minPhoto: minimumSizeSchema,
  minLogo: minimumSizeSchema,
});

/** One category the business is listed under, with its listing's path and its settings form. */
export const listedCategorySchema = z.object({
  id: z.string(),
  label: z.string(),
  path: z.string(),
  settingsFormId: z.string().nullable(),
  settingsPath: z.string().nullable(),
});

/** `GET /api/profile`: the listing as customers see it, with the upload rules. */
export const profileSchema = z.object({
  vendorId: z.string(),
  businessName: z.string(),
  about: z.string().nullable(),
  serviceArea: z.string().nullable(),
  city: z.string().nullable(),
  serviceRadiusMiles: z.number().nullable(),
  phone: z.string().nullable(),
  /** What the public profile shows besides the listing: the phone and the owner's email, each only once the vendor turned it on. */
  shown: z.object({ phone: z.boolean(), email: z.boolean() }),
  links: z.object({ website: z.string().nullable(), instagram: z.string().nullable(), facebook: z.string().nullable() }),
  logo: profileImageSchema.nullable(),
  gallery: gallerySchema,
  categories: z.array(listedCategorySchema),
  profileSaved: z.boolean(),
  limits: uploadLimitsSchema,
});

export type ProfileImage = z.infer<typeof profileImageSchema>;
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;
export type Profile = z.infer<typeof profileSchema>;
