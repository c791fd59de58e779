import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { ContactEmailQuery } from '../modules/credits/graphql/credits.graphql';
import { LoginMutation } from '../modules/auth/graphql/session.graphql';
import { useSession } from '../modules/auth/session';
import { isNetworkError, serverMessage } from '../client/graphql-errors';
import { ErrorPopup } from '../ui/ErrorPopup';
import { Banner } from '../ui/Banner';
import { ForgotPasswordForm } from '../modules/auth/ForgotPasswordForm';
import { clearSessionEnded, peekSessionEnded } from '../client/token-store';
import '../modules/account/account.css';

/** Where to go after login: the page a signed-out visitor asked for (SignedIn in App.tsx), else /dashboard (SPEC). */
function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  const path = from?.pathname;
  if (!path || !path.startsWith('/') || path.startsWith('//') || path === '/login') return '/dashboard';
  return `${path}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  const [login, { loading }] = useMutation(LoginMutation);
  const [popup, setPopup] = useState<string | null>(null);
  const contact = useQuery(ContactEmailQuery).data?.contactEmail;
  // Why the last session ended (expired, or the password was changed elsewhere), shown once.
  const [ended, setEnded] = useState(peekSessionEnded);
  useEffect(clearSessionEnded, []);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    try {
      const { data } = await login({ variables: { input: { username: String(form.get('username')), password: String(form.get('password')) } } });
      if (!data) throw new Error('no data');
      await signIn(data.login.token);
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setPopup(
        isNetworkError(err) ? 'An error occurred during login. Please try again later.' : serverMessage(err, 'Invalid username or password. Please try again.'),
      );
    }
  };

  return (
    <section className="card narrow">
      <h1>Login</h1>
      {ended && (
        <Banner tone="error" onClose={() => setEnded(null)}>
          {ended}
        </Banner>
      )}
      <form onSubmit={submit} className="form">
        <label>
          Username
          <input name="username" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Signing in...' : 'Login'}
        </button>
      </form>
      <details className="forgot-password">
        <summary>Forgot password?</summary>
        <ForgotPasswordForm />
        <p className="muted">
          No e-mail arrives? An administrator can also give you a reset link
          {contact ? (
            <>
              : write to <a href={`mailto:${contact}`}>{contact}</a>.
            </>
          ) : (
            '.'
          )}
        </p>
      </details>
      {contact && (
        <p className="muted" data-testid="contact-email">
          Need help? Contact <a href={`mailto:${contact}`}>{contact}</a>
        </p>
      )}
      <p className="muted">
        New here? <Link to="/createacct">Create an account</Link> and get 100 free credits.
      </p>
      {popup && <ErrorPopup message={popup} onClose={() => setPopup(null)} />}
    </section>
  );
}
