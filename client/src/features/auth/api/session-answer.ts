import { sessionSchema } from '../../../../../shared/contracts/auth';
import { envelopeOf } from '../../../lib/api/envelope-of';
import { parseResponse } from '../../../lib/api/response-shape-error';
import { storeSession } from '../../../lib/session/session';
import type { VendorRecord } from '../../../../../shared/contracts/vendor';

/** Checks a sign-in's `{ data: session }` answer with its contract, stores the session and returns the vendor record. */
export function startSession(body: unknown, url: string): VendorRecord {
  const session = parseResponse(envelopeOf(sessionSchema), body, 'POST', url).data;
  storeSession(session);
  return session.vendor;
}
