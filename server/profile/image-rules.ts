/** What the profile accepts as an upload (the client checks the same, served in GET /api/profile). */
export const IMAGE_RULES = {
  /** Largest upload, in bytes (8 MB). */
  maxBytes: 8 * 1024 * 1024,
  maxGalleryPhotos: 24,
  /** Accepted types; the file's first bytes decide, not its name or declared type. */
  types: ['image/jpeg', 'image/png', 'image/webp'],
  /**
   * Smallest images, either way round: a gallery photo fills a 400 px thumbnail and shows up to
   * 1600 px wide, so below 600 × 400 it looks blurred; a logo shows at up to 512 px.
   */
  minPhoto: { long: 600, short: 400 },
  minLogo: { long: 128, short: 128 },
} as const;

/** The smallest an image may be, its longest and shortest side in pixels. */
export interface MinimumSize {
  long: number;
  short: number;
}

/** The upload rules as a person reads them, for error messages. */
export const ACCEPTED_TYPES_TEXT = 'JPEG, PNG or WebP';
