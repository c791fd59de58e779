import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '../modules/auth/session';
import { CreditBadge } from '../modules/credits/components/CreditBadge';

/**
 * The top bar (SPEC §2). At 768 px or less it collapses into a menu, which for signed-in users
 * also lists Transaction History and Account Settings.
 */
export function NavBar() {
  const { token, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.pathname]);

  const logout = async () => {
    await signOut();
    navigate('/');
  };

  return (
    <header className="navbar">
      <Link to={token ? '/dashboard' : '/'} className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◉
        </span>{' '}
        Shotlog
      </Link>
      <button type="button" className="menu-toggle" aria-label="Menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        ☰
      </button>
      <nav className={`nav-links${open ? ' open' : ''}`} aria-label="Main">
        {token ? (
          <>
            <NavLink to="/dashboard">Dashboard</NavLink>
            <NavLink to="/createproject">New Project</NavLink>
            <NavLink to="/about">About</NavLink>
            <NavLink to="/contact">Contact</NavLink>
            <CreditBadge />
            <NavLink to="/purchase-credits">Buy Credits</NavLink>
            {/* Account stays in the collapsed menu too: SPEC §2's menu lists the extra two besides it. */}
            <NavLink to="/account">Account</NavLink>
            <NavLink to="/transactions" className="menu-only">
              Transaction History
            </NavLink>
            <NavLink to="/account" className="menu-only">
              Account Settings
            </NavLink>
            <button type="button" className="link-button" onClick={logout}>
              Logout
            </button>
          </>
        ) : (
          <>
            <NavLink to="/" end>
              Home
            </NavLink>
            <NavLink to="/about">About</NavLink>
            <NavLink to="/contact">Contact</NavLink>
            <NavLink to="/notice">Notices</NavLink>
            <NavLink to="/login">Login</NavLink>
            <NavLink to="/createacct" className="button button-primary button-small">
              Sign Up
            </NavLink>
          </>
        )}
      </nav>
    </header>
  );
}
