const LABELS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/**
 * A card brand's name as printed on the card (`visa` → "Visa", `amex` → "American Express"), for
 * the screens and the receipt mail alike. A brand the provider names that is not known here is
 * shown as the provider wrote it, so a receipt never loses the brand.
 */
export function cardBrandLabel(brand: string): string {
  return LABELS[brand] ?? brand;
}
