import { z } from 'zod';

const colourName = z.enum(['primary', 'secondary', 'success', 'info', 'warning', 'danger', 'light', 'dark']);

/** Layout settings (docs/specification.md §3) with their defaults (docs/specification.md §9). */
export const layoutSettingsSchema = z.strictObject({
  skin: z.enum(['light', 'bordered', 'semi-dark', 'dark']),
  isRTL: z.boolean(),
  type: z.enum(['vertical', 'horizontal']),
  contentWidth: z.enum(['full', 'boxed']),
  routerTransition: z.enum(['zoom-fade', 'slide-fade', 'slide-left', 'fade-bottom', 'fade', 'zoom-out', 'none']),
  menu: z.strictObject({ isCollapsed: z.boolean(), isHidden: z.boolean() }),
  navbar: z.strictObject({
    type: z.enum(['floating', 'sticky', 'static', 'hidden']),
    backgroundColor: z.union([colourName, z.literal('')]),
  }),
  footer: z.strictObject({ type: z.enum(['static', 'sticky', 'hidden']) }),
  customizer: z.boolean(),
  enableScrollToTop: z.boolean(),
});

/** Icons a menu entry may name (the client maps each to its icon component). */
export const menuIconNames = [
  'home',
  'inbox',
  'send',
  'check-circle',
  'trophy',
  'close-circle',
  'stop',
  'message',
  'star',
  'shop',
  'idcard',
  'form',
  'calendar',
  'crown',
  'wallet',
  'credit-card',
  'setting',
  'customer-service',
] as const;

/** Counts a menu entry may show as a badge, each provided by the feature it counts. */
export const menuBadgeSources = ['newMatches', 'unreadMessages'] as const;

const menuItemSchema = z.strictObject({
  /** A route name (of a route without params). */
  route: z.string().min(1),
  icon: z.enum(menuIconNames).optional(),
  badge: z.enum(menuBadgeSources).optional(),
});

/** A group of the sidebar (a heading) and of the horizontal menu (a dropdown); `title` null: top-level items. */
export const menuGroupSchema = z.strictObject({
  title: z.string().min(1).nullable(),
  icon: z.enum(menuIconNames).optional(),
  items: z.array(menuItemSchema).min(1),
});

/** A text field of the seller: required, trimmed, with a message that names what is missing. */
function sellerText(what: string, max: number) {
  return z
    .string({ error: `the seller's ${what} is required: every receipt prints it` })
    .trim()
    .min(1, `the seller's ${what} must not be empty: every receipt prints it`)
    .max(max, `the seller's ${what} must be at most ${max} characters`);
}

/** The seller's postal address, as a receipt prints it (`shared/billing/seller-address-lines.ts`). */
export const sellerAddressSchema = z.strictObject(
  {
    line1: sellerText('street address (address.line1)', 200),
    /** A suite, floor or building, when the street line is not enough. */
    line2: sellerText('second address line (address.line2)', 200).optional(),
    city: sellerText('city (address.city)', 100),
    /** The state, province or region, as the post writes it ("TX"). */
    region: sellerText('state or region (address.region)', 100),
    postalCode: sellerText('postal code (address.postalCode)', 20),
    country: sellerText('country (address.country)', 100),
  },
  { error: (issue) => (issue.input === undefined ? "the seller's postal address (address) is required: every receipt prints it" : undefined) },
);

/**
 * Who sells the plans and credits (docs/billing.md, Receipts): the legal name and postal address
 * every receipt names, on the page, when printed and in the receipt mail. Required, with no
 * default: a made-up seller on a receipt would be worse than a server that refuses to start.
 */
export const sellerSchema = z.strictObject(
  {
    legalName: sellerText('legal name (legalName)', 200),
    address: sellerAddressSchema,
  },
  {
    error: (issue) => (issue.input === undefined ? "the seller's legal name and postal address (seller) are required: every receipt prints them" : undefined),
  },
);

/** `schemas/app.json`, served as `GET /api/config/app`. */
export const appConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  displayName: z.string().min(1),
  title: z.string().min(1),
  titleSeparator: z.string().min(1),
  description: z.string().min(1),
  locale: z.string().min(2),
  fallbackLocale: z.string().min(2),
  chunkLoadTimeoutMs: z.number().int().positive(),
  scrollToTopThresholdPx: z.number().int().nonnegative(),
  layout: layoutSettingsSchema,
  toast: z.strictObject({
    timeoutMs: z.number().int().positive(),
    hideProgressBar: z.boolean(),
    closeButton: z.boolean(),
    icon: z.boolean(),
    closeOnClick: z.boolean(),
    // antd's toasts fade in and out; no other transition is offered.
    transition: z.literal('fade'),
  }),
  modal: z.strictObject({
    zIndex: z.number().int(),
    size: z.enum(['sm', 'md', 'lg', 'xl']),
    buttons: z.strictObject({ ok: z.string(), cancel: z.string(), close: z.string() }),
    dialogButtons: z.strictObject({ ok: z.string(), no: z.string(), cancel: z.string() }),
  }),
  dropdown: z.strictObject({ noOptionsText: z.string(), loadingText: z.string() }),
  /** The marketplace's rules (docs/marketplace.md). */
  marketplace: z
    .strictObject({
      /** How many vendors one confirmed request is matched with, least recently matched first. */
      maxVendorsPerRequest: z.number().int().min(1).max(20).default(5),
      /** Hours after a quote is sent until its credits come back when the couple has not opened it (read when the quote is sent). */
      refundUnreadAfterHours: z.number().int().min(1).max(720).default(48),
    })
    .default({ maxVendorsPerRequest: 5, refundUnreadAfterHours: 48 }),
  seller: sellerSchema,
  menu: z.array(menuGroupSchema).min(1),
  theme: z.strictObject({
    colors: z.array(colourName).min(1),
    breakpoints: z.array(z.enum(['xs', 'sm', 'md', 'lg', 'xl'])).min(1),
    iconSize: z.number().int().positive(),
    badgeVariant: colourName,
  }),
});

export type AppConfig = Omit<z.infer<typeof appConfigSchema>, '$schema'>;
export type LayoutSettings = z.infer<typeof layoutSettingsSchema>;
export type Seller = z.infer<typeof sellerSchema>;
export type SellerAddress = z.infer<typeof sellerAddressSchema>;
export type MenuGroupConfig = z.infer<typeof menuGroupSchema>;
export type MenuIconName = (typeof menuIconNames)[number];
export type MenuBadgeSource = (typeof menuBadgeSources)[number];
