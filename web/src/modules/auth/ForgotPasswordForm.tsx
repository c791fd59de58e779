import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { RequestPasswordResetMutation } from './graphql/session.graphql';
import { isNetworkError, serverMessage } from '../../client/graphql-errors';

/** "Forgot password?": a user name or e-mail in, the same answer out whether or not an account matched. */
export function ForgotPasswordForm() {
  const [request, { loading }] = useMutation(RequestPasswordResetMutation);
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const identifier = String(new FormData(e.currentTarget).get('identifier') ?? '');
    setError(null);
    try {
      const { data } = await request({ variables: { identifier } });
      setAnswer(data?.requestPasswordReset ?? null);
    } catch (err) {
      setError(isNetworkError(err) ? 'The server could not be reached. Please try again later.' : serverMessage(err, 'Please try again.'));
    }
  };

  if (answer) return <p role="status">{answer}</p>;
  return (
    <form onSubmit={submit} className="form">
      <p className="muted">Enter your user name or e-mail address. We e-mail you a link to choose a new password; it works once, for one hour.</p>
      <label>
        User name or e-mail
        <input name="identifier" autoComplete="username" required maxLength={254} />
      </label>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={loading}>
        {loading ? 'Sending...' : 'E-mail me a reset link'}
      </button>
    </form>
  );
}
