import { Navigate, Route, Routes, useLocation } from 'react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { NavBar } from './NavBar';
import { ThemeApplier } from './theme';
import { useSession } from '../modules/auth/session';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { CreateAccountPage } from '../pages/CreateAccountPage';
import { AboutPage } from '../pages/AboutPage';
import { ContactPage } from '../pages/ContactPage';
import { NoticesPage } from '../pages/NoticesPage';
import { DashboardPage } from '../pages/DashboardPage';
import { CreateProjectPage } from '../pages/CreateProjectPage';
import { ProjectDetailPage } from '../pages/ProjectDetailPage';
import { AccountPage } from '../pages/AccountPage';
import { PurchaseCreditsPage } from '../pages/PurchaseCreditsPage';
import { TransactionsPage } from '../pages/TransactionsPage';
import { PurchaseRequestsPage } from '../pages/PurchaseRequestsPage';
import { AdminUsersPage } from '../pages/AdminUsersPage';
import { AdminPurchaseRequestsPage } from '../pages/AdminPurchaseRequestsPage';
import { AdminLedgerPage } from '../pages/AdminLedgerPage';
import { AdminQueuePage } from '../pages/AdminQueuePage';
import { AdminMailPage } from '../pages/AdminMailPage';
import { AdminPaymentsPage } from '../pages/AdminPaymentsPage';
import { AdminInboxPage } from '../pages/AdminInboxPage';
import { SiteFooter } from './SiteFooter';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ResetPasswordPage } from '../pages/ResetPasswordPage';
import { DocumentTitle } from './document-title';
import { Loading } from '../ui/Loading';

// The review grid (TanStack Table + Virtual) loads only when opened: the first load stays small.
const ReviewPage = lazy(() => import('../pages/ReviewPage'));
// Its script is loaded when first opened (finance admins only, kept out of everyone's first load);
// its small stylesheet ships with the rest, so the visual reference (web/e2e) holds it too.
import '../modules/finance/finance.css';
// Loaded when first opened: finance admins only, kept out of everyone's first load.
const AdminFinancePage = lazy(() => import('../pages/AdminFinancePage'));

/** To /login, remembering the page asked for: the login page returns there afterwards. */
function ToLogin() {
  const location = useLocation();
  return <Navigate to="/login" replace state={{ from: location }} />;
}

/** Pages behind a token send signed-out visitors to /login (SPEC leaves it open; a user expects it). */
function SignedIn({ children }: { children: ReactNode }) {
  const { token } = useSession();
  return token ? children : <ToLogin />;
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { token, viewer, loading } = useSession();
  if (!token) return <ToLogin />;
  if (loading || !viewer) return null;
  return viewer.isAdmin ? children : <NotFoundPage />;
}

export function App() {
  return (
    <>
      <ThemeApplier />
      <DocumentTitle />
      <NavBar />
      <main className="page">
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/createacct" element={<CreateAccountPage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/notice" element={<NoticesPage />} />
          <Route
            path="/dashboard"
            element={
              <SignedIn>
                <DashboardPage />
              </SignedIn>
            }
          />
          <Route
            path="/createproject"
            element={
              <SignedIn>
                <CreateProjectPage />
              </SignedIn>
            }
          />
          <Route
            path="/project/:id"
            element={
              <SignedIn>
                <ProjectDetailPage />
              </SignedIn>
            }
          />
          <Route
            path="/project/:id/review"
            element={
              <SignedIn>
                <Suspense fallback={<Loading />}>
                  <ReviewPage />
                </Suspense>
              </SignedIn>
            }
          />
          <Route
            path="/account"
            element={
              <SignedIn>
                <AccountPage />
              </SignedIn>
            }
          />
          <Route
            path="/purchase-credits"
            element={
              <SignedIn>
                <PurchaseCreditsPage />
              </SignedIn>
            }
          />
          <Route
            path="/transactions"
            element={
              <SignedIn>
                <TransactionsPage />
              </SignedIn>
            }
          />
          <Route
            path="/purchase-requests"
            element={
              <SignedIn>
                <PurchaseRequestsPage />
              </SignedIn>
            }
          />
          <Route
            path="/admin/users"
            element={
              <AdminOnly>
                <AdminUsersPage />
              </AdminOnly>
            }
          />
          <Route
            path="/admin/purchase-requests"
            element={
              <AdminOnly>
                <AdminPurchaseRequestsPage />
              </AdminOnly>
            }
          />
          <Route
            path="/admin/ledger"
            element={
              <AdminOnly>
                <AdminLedgerPage />
              </AdminOnly>
            }
          />
          <Route
            path="/admin/finance"
            element={
              <AdminOnly>
                <Suspense fallback={<Loading />}>
                  <AdminFinancePage />
                </Suspense>
              </AdminOnly>
            }
          />
          <Route
            path="/admin/queue"
            element={
              <AdminOnly>
                <AdminQueuePage />
              </AdminOnly>
            }
          />
          <Route
            path="/admin/inbox"
            element={
              <AdminOnly>
                <AdminInboxPage />
              </AdminOnly>
            }
          />
          <Route
            path="/admin/payments"
            element={
              <AdminOnly>
                <AdminPaymentsPage />
              </AdminOnly>
            }
          />
          <Route
            path="/admin/mail"
            element={
              <AdminOnly>
                <AdminMailPage />
              </AdminOnly>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      <SiteFooter />
    </>
  );
}
