import { useQuery } from '@apollo/client/react';
import { ContactEmailQuery } from '../modules/credits/graphql/credits.graphql';

/** The operator's contact address (a setting), on every page when one is set. */
export function SiteFooter() {
  const { data } = useQuery(ContactEmailQuery);
  const email = data?.contactEmail;
  if (!email) return null;
  return (
    <footer className="site-footer muted small">
      Questions? Write to <a href={`mailto:${email}`}>{email}</a>
    </footer>
  );
}
