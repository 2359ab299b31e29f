import { useNavigate } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { signOut } from '../api/sign-out';
import { usePathOf } from './use-path-of';

/** Signs out (the server revokes the session, best effort) and goes to the sign-in page. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const pathOf = usePathOf();
  return () => signOut().then(() => navigate(pathOf(GUARD_ROUTES.login), { replace: true }));
}
