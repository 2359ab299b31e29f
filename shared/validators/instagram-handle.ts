/** An Instagram username: 1 to 30 letters, digits, full stops and underscores. */
export const INSTAGRAM_HANDLE_PATTERN = /^@?[A-Za-z0-9._]{1,30}$/;

/** The message when an Instagram field holds something that is not a handle. */
export const INSTAGRAM_HANDLE_MESSAGE = 'Enter your Instagram handle, like @crumbandco';

const PROFILE_URL = /^(?:https?:\/\/)?(?:www\.|m\.)?instagram\.com\/([A-Za-z0-9._]{1,30})\/?(?:[?#].*)?$/i;

/**
 * An Instagram handle as people give it: `@crumbandco`, `crumbandco`, or their profile's address
 * pasted (`https://www.instagram.com/crumbandco/`), written `@crumbandco`. Anything else is
 * returned trimmed, for the handle rule to refuse.
 */
export function toInstagramHandle(value: string): string {
  const trimmed = value.trim();
  const fromUrl = PROFILE_URL.exec(trimmed)?.[1];
  const handle = fromUrl ?? trimmed;
  return INSTAGRAM_HANDLE_PATTERN.test(handle) ? `@${handle.replace(/^@/, '')}` : trimmed;
}

/** The profile address of a handle (`@crumbandco` → `https://www.instagram.com/crumbandco`); a stored address is kept as it is. */
export function instagramUrl(value: string): string | null {
  if (/^https?:\/\//i.test(value)) return value;
  return INSTAGRAM_HANDLE_PATTERN.test(value) ? `https://www.instagram.com/${value.replace(/^@/, '')}` : null;
}
