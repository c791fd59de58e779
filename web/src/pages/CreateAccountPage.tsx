import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { RegisterMutation } from '../modules/auth/graphql/session.graphql';
import { useSession } from '../modules/auth/session';
import { isNetworkError, serverMessage } from '../client/graphql-errors';
import { Banner } from '../ui/Banner';

const REDIRECT_MS = 2000;

export function CreateAccountPage() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [register, { loading }] = useMutation(RegisterMutation);
  const [error, setError] = useState<string | null>(null);
  const [welcome, setWelcome] = useState<string | null>(null);

  useEffect(() => {
    if (!welcome) return;
    const t = setTimeout(() => navigate('/dashboard'), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [welcome, navigate]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const get = (k: string) => String(f.get(k) ?? '');
    setError(null);
    if (get('password') !== get('confirmPassword')) return setError('Passwords do not match');
    if (get('password').length < 6) return setError('Password must be at least 6 characters long');
    try {
      const { data } = await register({
        variables: {
          input: {
            username: get('username'),
            email: get('email'),
            password: get('password'),
            firstName: get('firstName') || null,
            lastName: get('lastName') || null,
          },
        },
      });
      if (!data) throw new Error('no data');
      await signIn(data.register.token);
      setWelcome(`Welcome to Shotlog, ${data.register.user.username}! Your 100 free credits are ready.`);
    } catch (err) {
      setError(
        isNetworkError(err) ? 'An error occurred during registration. Please try again later.' : serverMessage(err, 'Registration failed. Please try again.'),
      );
    }
  };

  return (
    <section className="card narrow">
      <h1>Create Account</h1>
      <p className="offer">
        Sign up and get <strong>100 free credits</strong> to process your first footage.
      </p>
      {error && <Banner tone="error">{error}</Banner>}
      {welcome ? (
        <>
          <Banner tone="success">{welcome}</Banner>
          <p className="muted small center">Taking you to your dashboard...</p>
        </>
      ) : (
        <form onSubmit={submit} className="form">
          <label>
            Username
            <input name="username" autoComplete="username" minLength={3} required />
          </label>
          <label>
            Email
            <input name="email" type="email" autoComplete="email" required />
          </label>
          <label>
            Password
            <input name="password" type="password" autoComplete="new-password" required />
          </label>
          <label>
            Confirm password
            <input name="confirmPassword" type="password" autoComplete="new-password" required />
          </label>
          <div className="form-row">
            <label>
              <span>
                First name <span className="muted small">(optional)</span>
              </span>
              <input name="firstName" autoComplete="given-name" />
            </label>
            <label>
              <span>
                Last name <span className="muted small">(optional)</span>
              </span>
              <input name="lastName" autoComplete="family-name" />
            </label>
          </div>
          <button type="submit" className="button button-primary" disabled={loading}>
            {loading ? 'Creating account...' : 'Create Account'}
          </button>
        </form>
      )}
      {!welcome && (
        <p className="muted">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      )}
    </section>
  );
}
