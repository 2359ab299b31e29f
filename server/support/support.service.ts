import type { ContactBody, ContactReceipt } from '../../shared/contracts/support';
import { findUser } from '../auth';
import { businessNames } from '../business';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';

type Deps = Pick<CoreDeps, 'database' | 'events'>;

/**
 * `POST /api/contact`: anyone of a business writes to support. Nothing is stored here: the
 * message rides `support.contacted`, and notifications queues the mail to support (Reply-To the
 * sender) and the sender's copy in the same transaction, so both go out or neither. The copy goes
 * only to a verified address: anyone can register with someone else's, and the copy would carry
 * the sender's words to them with support's Reply-To.
 */
export async function contactSupport(deps: Deps, auth: AuthContext, body: ContactBody): Promise<ContactReceipt> {
  const db = deps.database.db;
  const [user, names] = await Promise.all([findUser(db, auth.userId), businessNames(db, [auth.vendorId])]);
  if (!user) throw new AppError(401, 'unauthorized', 'Sign in to continue.');
  await deps.database.writeTransaction((trx) =>
    deps.events.publish(trx, 'support.contacted', {
      vendorId: auth.vendorId,
      businessName: names.get(auth.vendorId) ?? '',
      userEmail: user.email,
      userRole: user.role,
      userEmailVerified: user.emailVerified,
      topic: body.topic,
      message: body.message,
    }),
  );
  return { replyTo: user.email, copySent: user.emailVerified };
}
