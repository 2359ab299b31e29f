/**
 * How a US place is written (docs/marketplace.md): a city and its state's two letters
 * ("Austin, TX") or a 5-digit ZIP code ("78701", ZIP+4 too). The shape only: whether the place
 * exists is the server's gazetteer's to say.
 */
export const PLACE_PATTERN = /^\s*(?:[A-Za-z][A-Za-z .'-]*[A-Za-z.],\s*[A-Za-z]{2}|\d{5}(?:-\d{4})?)\s*$/;

/** What a person reads when a place is not written as one. */
export const PLACE_MESSAGE = 'Write a US city as "Austin, TX", or a 5-digit ZIP code';
