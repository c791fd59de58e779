import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';

/** The tab title of each route, so tabs and history name the page (first match wins). */
const TITLES: Array<[pattern: string, title: string]> = [
  ['/', 'Home'],
  ['/login', 'Login'],
  ['/reset-password', 'Reset Password'],
  ['/createacct', 'Create Account'],
  ['/about', 'About'],
  ['/contact', 'Contact'],
  ['/notice', 'Notices'],
  ['/dashboard', 'Your Projects'],
  ['/createproject', 'New Project'],
  ['/project/:id', 'Project'],
  ['/account', 'Account Settings'],
  ['/purchase-credits', 'Buy Credits'],
  ['/transactions', 'Transaction History'],
  ['/purchase-requests', 'Purchase Requests'],
  ['/admin/users', 'All Users'],
  ['/admin/purchase-requests', 'Manage Purchase Requests'],
  ['/admin/ledger', 'Ledger Explorer'],
  ['/admin/finance', 'Finance'],
  ['/admin/queue', 'Job Queue'],
];

export const APP_NAME = 'Shotlog';

export function titleFor(pathname: string): string {
  const page = TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? 'Page Not Found';
  return `${page} · ${APP_NAME}`;
}

/** Sets document.title from the current route. */
export function DocumentTitle(): null {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);
  return null;
}
