import { Link, Navigate } from 'react-router';
import { useSession } from '../modules/auth/session';
import './home-page.css';

const FEATURES = [
  { title: 'Upload whole shoots', text: 'Drop the MP4 or MOV, JPG and SRT files a DJI drone writes. Shotlog groups them into file sets by name.' },
  {
    title: 'Metadata that sells',
    text: 'Titles, descriptions, up to 30 keywords, Adobe and Shutterstock categories, place and shot types, from the footage and its telemetry.',
  },
  { title: 'Ready for the agencies', text: 'Edit anything, then export the CSV files Adobe Stock, Shutterstock and Pond5 ingest.' },
];

export function HomePage() {
  const { token } = useSession();
  if (token) return <Navigate to="/dashboard" replace />;
  return (
    <div className="home">
      <section className="hero">
        <h1>Turn raw drone footage into findable stock.</h1>
        <p className="lead">
          Shotlog reads your clips, stills and flight telemetry and writes the titles, descriptions and keywords stock buyers search for. Start with{' '}
          <strong>100 free credits</strong>.
        </p>
        <div className="actions">
          <Link to="/createacct" className="button button-primary">
            Create account
          </Link>
          <Link to="/login" className="button">
            Login
          </Link>
        </div>
      </section>
      <section className="feature-grid">
        {FEATURES.map((f) => (
          <article key={f.title} className="card">
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
