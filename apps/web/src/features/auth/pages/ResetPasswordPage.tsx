import { Navigate, useSearchParams } from 'react-router';
import { HeadingOnlyPage } from '../../../shared/ui';

/** Reset password: needs `?code=`, else back to the root (spec §2). The form belongs to the password-reset issue. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  if (!params.get('code')) return <Navigate to="/" replace />;
  return <HeadingOnlyPage title="Reset Password" />;
}
