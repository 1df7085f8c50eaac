import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { HOME_BY_ROLE, type InvitationLinkView } from '@portal/contracts';
import { INVITATION_MSG, resetPasswordFormSchema } from '@portal/domain';
import { useSchemaForm } from '../../../shared/form';
import { NewPasswordFields } from '../../../shared/password';
import { ApiRequestError, bodyMessage } from '../../../shared/api';
import { AuthCard, BackToSignIn, useDocumentTitle } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { acceptInvitation, invitationApi } from '../invitation';

/**
 * The invitation link `/invitation?code=…`: "Welcome to Filter Portal — choose your
 * password" with the email shown; setting it signs the person in. A used, expired, withdrawn or
 * replaced link says which up front, with a way on (sign in, or ask for a new invitation).
 */
export default function InvitationPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  useDocumentTitle('Welcome');
  if (!code) return <Navigate to="/" replace />;
  return <Invitation code={code} />;
}

function Invitation({ code }: { code: string }) {
  const check = useQuery({ queryKey: ['invitation', code], queryFn: () => invitationApi.check(code), retry: false });
  if (check.isPending) {
    return (
      <AuthCard maw={460} title={INVITATION_MSG.pageTitle}>
        <Group justify="center" py="lg">
          <Loader aria-label="Checking your invitation" />
        </Group>
      </AuthCard>
    );
  }
  if (check.isError) {
    const notFound = check.error instanceof ApiRequestError && check.error.status === 404;
    return (
      <AuthCard maw={460} title="Invitation link">
        <Stack gap="md">
          <FormAlert tone="error" title={notFound ? INVITATION_MSG.linkInvalid : 'Could not check your invitation'}>
            {notFound
              ? 'Please use the link from your most recent invitation email, or ask your administrator to send a new one.'
              : bodyMessage(check.error, 'Please try again in a moment.')}
          </FormAlert>
          <BackToSignIn />
        </Stack>
      </AuthCard>
    );
  }
  const view = check.data;
  if (view.status === 'pending') return <ChoosePassword code={code} view={view} />;
  return <LinkEnded code={code} view={view} />;
}

function ChoosePassword({ code, view }: { code: string; view: InvitationLinkView }) {
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: (password: string) => acceptInvitation(code, password),
    onSuccess: (r) => void navigate(r.kind === 'signed-in' ? HOME_BY_ROLE[r.user.role_key] : '/', { replace: true }),
  });
  const form = useSchemaForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  return (
    <AuthCard
      maw={460}
      title={INVITATION_MSG.pageTitle}
      description={`Hello ${view.username}. Choose a password for your account; you are signed in right away.`}
    >
      <form
        onSubmit={form.handleSubmit((values) => accept.mutate(values.password))}
        noValidate
        aria-label="Choose your password"
      >
        <Stack gap="md">
          {accept.isError && (
            <FormAlert tone="error" title="Password not set">
              {bodyMessage(accept.error, 'Please try again.')}
            </FormAlert>
          )}
          <TextInput label="Email" value={view.email} readOnly autoComplete="username" />
          <NewPasswordFields
            form={form}
            name="password"
            requirementsId="invitation-password-requirements"
            withStrength
          />
          <Button type="submit" fullWidth size="md" loading={accept.isPending}>
            Set password and sign in
          </Button>
          <Text size="xs" c="dimmed">
            The link expires on {new Date(view.expires_at).toLocaleString()}.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

const ENDED_TITLE = {
  accepted: 'Invitation already used',
  expired: 'Invitation expired',
  revoked: 'Invitation withdrawn',
  superseded: 'Invitation replaced',
} as const;

function LinkEnded({ code, view }: { code: string; view: InvitationLinkView }) {
  const status = view.status as Exclude<InvitationLinkView['status'], 'pending'>;
  const ask = useMutation({ mutationFn: () => invitationApi.requestNew(code) });
  const canAsk = status === 'expired' || status === 'revoked';
  const asked = view.new_link_requested || ask.isSuccess;
  return (
    <AuthCard maw={460} title={ENDED_TITLE[status]} description={`Invitation for ${view.email}`}>
      <Stack gap="md">
        <FormAlert tone={status === 'accepted' ? 'info' : 'error'} title={INVITATION_MSG.state[status]}>
          {status === 'accepted' && 'Forgot it? You can reset your password from the sign-in page.'}
          {status === 'superseded' && 'A newer invitation email was sent to you; only its link works.'}
          {canAsk && !asked && 'You can ask your administrator for a new invitation.'}
        </FormAlert>
        {canAsk &&
          (asked ? (
            <FormAlert tone="success">{INVITATION_MSG.newLinkRequested}</FormAlert>
          ) : (
            <Button onClick={() => ask.mutate()} loading={ask.isPending}>
              Ask for a new invitation
            </Button>
          ))}
        {ask.isError && <FormAlert tone="error">{bodyMessage(ask.error, 'Please try again.')}</FormAlert>}
        {status === 'accepted' ? (
          <Group>
            <Button component={Link} to="/">
              Go to Sign In
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
        ) : (
          <BackToSignIn />
        )}
      </Stack>
    </AuthCard>
  );
}
