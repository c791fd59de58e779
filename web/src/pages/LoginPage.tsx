import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { LoginMutation } from '../modules/auth/graphql/session.graphql';
import { useSession } from '../app/session';
import { isNetworkError, serverMessage } from '../app/graphql-errors';
import { ErrorPopup } from '../ui/ErrorPopup';

export function LoginPage() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [login, { loading }] = useMutation(LoginMutation);
  const [popup, setPopup] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    try {
      const { data } = await login({ variables: { input: { username: String(form.get('username')), password: String(form.get('password')) } } });
      if (!data) throw new Error('no data');
      await signIn(data.login.token);
      navigate('/dashboard');
    } catch (err) {
      setPopup(
        isNetworkError(err) ? 'An error occurred during login. Please try again later.' : serverMessage(err, 'Invalid username or password. Please try again.'),
      );
    }
  };

  return (
    <section className="card narrow">
      <h1>Login</h1>
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
      <p className="muted">
        New here? <Link to="/createacct">Create an account</Link> and get 100 free credits.
      </p>
      {popup && <ErrorPopup message={popup} onClose={() => setPopup(null)} />}
    </section>
  );
}
