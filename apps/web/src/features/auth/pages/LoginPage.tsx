import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loader } from '@mantine/core';
import { getStoredToken } from '../../../shared/storage';
import { errorStatus } from '../../../shared/api';
import { isLeavingPage } from '../../../shared/navigation';
import { FullPageLoader } from '../../../shared/ui';
import { LoginForm } from '../components/LoginForm';
import { StorageNotice } from '../components/StorageNotice';
import { AuthCard, useDocumentTitle } from '../components/AuthCard';
import { clearSession, validateSession, type SignInOutcome } from '../session';
import { useAuthStore } from '../store';
import { landingFor } from '../landing';

/**
 * The second-factor steps of a sign-in. They belong to the two-factor feature, which builds on this
 * one: the app passes them in (loaded only when a sign-in needs them), so auth imports no higher feature.
 */
export interface SecondFactorSteps {
  Code: ComponentType<{ mfaToken: string; onRestart: () => void }>;
  Enrolment: ComponentType<{ onCancel: () => void }>;
}

/** Sign-in at '/' and '/login'. A signed-in user is redirected to their area. */
export default function LoginPage({ secondFactor }: { secondFactor: SecondFactorSteps }) {
  const { Code: CodeStep, Enrolment: EnrolmentStep } = secondFactor;
  const location = useLocation();
  const loggedIn = useAuthStore((s) => s.loggedIn);
  const role = useAuthStore((s) => s.role);
  const [checking, setChecking] = useState(() => !loggedIn && !!getStoredToken());
  const [step, setStep] = useState<SignInOutcome | null>(null);

  useDocumentTitle('Sign In');

  useEffect(() => {
    if (!checking) return;
    let cancelled = false;
    validateSession({ silent: true })
      .catch(async (err: unknown) => {
        if (!(await isLeavingPage(errorStatus(err)))) clearSession();
      })
      .finally(() => {
        if (!cancelled) setChecking(false);
      });
    return () => {
      cancelled = true;
    };
  }, [checking]);

  if (loggedIn && role) return <Navigate to={landingFor(role, location.search)} replace />;
  if (checking) return <FullPageLoader label="Checking your session" />;

  return (
    <AuthCard
      maw={420}
      title={
        step?.kind === 'mfa'
          ? 'Two-factor verification'
          : step?.kind === 'enrol'
            ? 'Set up two-factor authentication'
            : 'Sign In'
      }
      description={!step && 'Sign in to browse your company’s filter catalogue and pricing.'}
      after={<StorageNotice />}
    >
      <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading" />}>
        {step?.kind === 'mfa' ? (
          <CodeStep mfaToken={step.mfaToken} onRestart={() => setStep(null)} />
        ) : step?.kind === 'enrol' ? (
          <EnrolmentStep onCancel={() => setStep(null)} />
        ) : (
          <LoginForm onSecondStep={setStep} />
        )}
      </Suspense>
    </AuthCard>
  );
}
