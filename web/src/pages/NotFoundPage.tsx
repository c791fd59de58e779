import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="card narrow center">
      <h1>Page not found</h1>
      <p className="muted">There is nothing at this address.</p>
      <Link to="/" className="button">
        Go home
      </Link>
    </section>
  );
}
