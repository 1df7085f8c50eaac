import { HeadingOnlyPage } from '../../../shared/ui';

/** Forgot password (spec §2). The form itself belongs to the password-reset issue. */
export default function ForgotPasswordPage() {
  return <HeadingOnlyPage title="Forgot Password" />;
}
