import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { ResetPasswordMutation } from '../modules/account/graphql/password.graphql';
import { useSession } from '../modules/auth/session';
import { isNetworkError, serverMessage } from '../client/graphql-errors';
import { Banner } from '../ui/Banner';
import { NewPasswordFields, newPasswordProblem } from '../modules/account/components/NewPasswordFields';

/** The secret of the link an administrator issued: it rides in the fragment (`#token=`), which never reaches a server log. */
const secretFrom = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token');

/** /reset-password#token=...: the one-time link from an administrator; choose a new password and be signed in. */
export function ResetPasswordPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [reset, { loading }] = useMutation(ResetPasswordMutation);
  const [error, setError] = useState<string | null>(null);
  const token = secretFrom(hash);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = { token: token ?? '', newPassword: String(form.get('newPassword')), confirmPassword: String(form.get('confirmPassword')) };
    const problem = newPasswordProblem(input.newPassword, input.confirmPassword);
    setError(problem);
    if (problem) return;
    try {
      const { data } = await reset({ variables: { input } });
      if (!data) throw new Error('no data');
      await signIn(data.resetPassword.token);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setError(isNetworkError(err) ? 'Failed to reset the password. Please check your connection.' : serverMessage(err, 'Failed to reset the password'));
    }
  };

  return (
    <section className="card narrow">
      <h1>Reset Password</h1>
      {!token ? (
        <p>
          This page needs the password-reset link from your e-mail (or the one an administrator gave you). Forgot your password? Ask for a link with
          &ldquo;Forgot password?&rdquo; on the <Link to="/login">login page</Link>.
        </p>
      ) : (
        <form onSubmit={submit} className="form">
          <NewPasswordFields />
          {error && <Banner tone="error">{error}</Banner>}
          <button type="submit" className="button button-primary" disabled={loading}>
            {loading ? 'Saving...' : 'Set new password'}
          </button>
          <p className="muted">The link works once. Setting a new password signs you out everywhere else.</p>
        </form>
      )}
    </section>
  );
}
