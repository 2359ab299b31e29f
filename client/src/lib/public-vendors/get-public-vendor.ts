import { useQuery } from '@tanstack/react-query';
import { EMBEDDED_VENDOR_ELEMENT_ID, publicVendorSchema, type PublicVendor } from '../../../../shared/contracts/public-vendors';
import { getData, type ReadOptions } from '../api/get-data';

/** Query key of a business's public page, shared by the profile and the request form that names it. */
export const publicVendorKey = (vendorId: string) => ['public-vendor', vendorId] as const;

/** How long a loaded profile is shown without asking the server again. */
const STALE_MS = 60_000;

/** GET /api/public/vendors/:adminId: what a business published; a 404 for an unknown, deleted or not yet onboarded one. */
export function getPublicVendor(vendorId: string, options?: ReadOptions): Promise<PublicVendor> {
  return getData(publicVendorSchema, `/api/public/vendors/${encodeURIComponent(vendorId)}`, options);
}

/**
 * The PublicVendor the server's profile page carries as JSON (server/public/public-pages-profile.ts),
 * when it is this business's and has the contract's shape: taken once (the element is removed),
 * so a later visit of the profile within the app asks the API. Undefined otherwise.
 */
export function takeEmbeddedVendor(vendorId: string): PublicVendor | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(EMBEDDED_VENDOR_ELEMENT_ID);
  if (!element) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(element.textContent ?? '');
  } catch {
    element.remove();
    return undefined;
  }
  const parsed = publicVendorSchema.safeParse(data);
  if (!parsed.success) {
    element.remove();
    return undefined;
  }
  // Another business's (the request form naming a vendor opened from elsewhere): left for its profile.
  if (parsed.data.vendorId !== vendorId.toLowerCase()) return undefined;
  element.remove();
  return parsed.data;
}

/**
 * A business's public page, read without signing in; `enabled` false while there is no id. On
 * the profile page the server sent, its embedded data is the first answer (drawn at once, no
 * skeleton), dated from the page's request so it is refetched in the background once stale.
 */
export function usePublicVendor(vendorId: string, options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true;
  return useQuery({
    queryKey: publicVendorKey(vendorId),
    queryFn: ({ signal }) => getPublicVendor(vendorId, { signal }),
    enabled,
    staleTime: STALE_MS,
    initialData: () => (enabled ? takeEmbeddedVendor(vendorId) : undefined),
    // The page was rendered when it was requested (the server keeps a render a second at most).
    initialDataUpdatedAt: () => performance.timeOrigin,
  });
}
