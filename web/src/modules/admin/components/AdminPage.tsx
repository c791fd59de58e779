import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An administrator's page: its title, the way back to Account Settings (where Admin Controls link from), then its content. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="stack">
      <div className="page-header">
        <h1>{title}</h1>
        <Link to="/account" className="button">
          Back to Account
        </Link>
      </div>
      {children}
    </section>
  );
}
