/** What the profile accepts as an upload (the client checks the same, served in GET /api/profile). */
export const IMAGE_RULES = {
  /** Largest upload, in bytes (8 MB). */
  maxBytes: 8 * 1024 * 1024,
  maxGalleryPhotos: 24,
  /** Accepted types; the file's first bytes decide, not its name or declared type. */
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** The upload rules as a person reads them, for error messages. */
export const ACCEPTED_TYPES_TEXT = 'JPEG, PNG or WebP';
