/**
 * The support module: `/contact`, where anyone of a business writes to support. It stores
 * nothing; it publishes `support.contacted`, on which notifications mails support (naming the
 * business and the person, Reply-To them) and sends the person a copy.
 */
export { supportRouter } from './support.router';
