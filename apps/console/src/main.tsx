import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { Activity } from './pages/Activity';
import { Apps } from './pages/Apps';
import { Authorize } from './pages/Authorize';
import { Callback } from './pages/Callback';
import { Catalogue } from './pages/Catalogue';
import { DeveloperApps } from './pages/DeveloperApps';
import { Home } from './pages/Home';
import { InstalledApps } from './pages/InstalledApps';
import { Invitation } from './pages/Invitation';
import { Members } from './pages/Members';
import { Orders } from './pages/Orders';
import { Products } from './pages/Products';
import { PublicTokens } from './pages/PublicTokens';
import { Security } from './pages/Security';
import { Sessions } from './pages/Sessions';
import { Settings } from './pages/Settings';
import { SignIn } from './pages/SignIn';
import { Allowed, StorePage } from './pages/StorePage';
import { Stores } from './pages/Stores';
import { Wizard } from './pages/Wizard';
import { Webhooks } from './pages/Webhooks';
import { Loading } from './ui/misc';
import { StepUpProvider } from './ui/StepUp';
import { SessionProvider, useSession } from './session';
import './styles.css';

function Shell() {
  const { session, signOut } = useSession();
  const location = useLocation();
  if (location.pathname === '/auth/callback') return <Callback />;
  if (session === undefined) return <Loading />;
  // Signed out, any page asks for sign-in first and then shows itself (the address does not change).
  if (!session) return <SignIn />;
  return (
    <StepUpProvider>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <NavLink to="/" className="brand">
          Storefront
        </NavLink>
        <nav aria-label="Main">
          <NavLink to="/" end>
            Stores
          </NavLink>
          <NavLink to="/developer/apps">Developer apps</NavLink>
          <NavLink to="/sessions">Sessions</NavLink>
          <NavLink to="/security">Security</NavLink>
        </nav>
        <button type="button" className="secondary" onClick={() => signOut()}>
          Sign out
        </button>
      </header>
      <Routes>
        <Route index element={<Stores />} />
        <Route path="stores/new" element={<Wizard />} />
        <Route path="stores/:storeId/setup" element={<Wizard />} />
        <Route path="stores/:storeId" element={<StorePage />}>
          <Route index element={<Home />} />
          <Route
            path="settings"
            element={
              <Allowed permission="edit">
                <Settings />
              </Allowed>
            }
          />
          <Route
            path="apps"
            element={
              <Allowed permission="integrations">
                <Apps />
              </Allowed>
            }
          />
          <Route
            path="installed-apps"
            element={
              <Allowed permission="integrations">
                <InstalledApps />
              </Allowed>
            }
          />
          <Route
            path="tokens"
            element={
              <Allowed permission="integrations">
                <PublicTokens />
              </Allowed>
            }
          />
          <Route
            path="catalogue"
            element={
              // The preview reads through a public token, which only the integrations roles may make.
              <Allowed permission="integrations">
                <Catalogue />
              </Allowed>
            }
          />
          <Route path="products" element={<Products />} />
          <Route path="orders" element={<Orders />} />
          <Route path="activity" element={<Activity />} />
          <Route
            path="webhooks"
            element={
              <Allowed permission="integrations">
                <Webhooks />
              </Allowed>
            }
          />
          <Route path="members" element={<Members />} />
        </Route>
        <Route path="invitations/:token" element={<Invitation />} />
        <Route path="authorize" element={<Authorize />} />
        <Route path="developer/apps" element={<DeveloperApps />} />
        <Route path="sessions" element={<Sessions />} />
        <Route path="security" element={<Security />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </StepUpProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <BrowserRouter basename="/console">
    <SessionProvider>
      <Shell />
    </SessionProvider>
  </BrowserRouter>,
);
