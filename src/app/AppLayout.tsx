import { lazy, Suspense, useEffect } from "react";
import { NavLink, Outlet } from "react-router";
import { BrandLogo } from "../components/BrandLogo";
import { Icon } from "../components/Icon";
import { OfflineBanner } from "../components/OfflineBanner";
import { Spinner } from "../components/Spinner";
import { TestPaymentsBanner } from "../components/TestPaymentsBanner";
import { brand } from "../lib/brand";
import { AfterFirstScreen } from "./first-screen";
import { NAV_ITEMS } from "./navigation";
import { WaitingUpdateBanner } from "./pwa/WaitingUpdateBanner";

/** Notices about the whole app (offline, an update waiting, test payments), inside a landmark of their own. */
function AppBanners() {
  return (
    <section className="app-banners" aria-label="Notices">
      <OfflineBanner />
      <WaitingUpdateBanner />
      <TestPaymentsBanner />
    </section>
  );
}

// Loaded once the first screen has settled: socket.io-client stays out of the page chunks and off the first paint.
const LiveUpdates = lazy(() => import("./LiveUpdates"));

// Its own chunk, mounted once the first screen has settled: the basket's query and schema stay off the first render.
const ParkBasketLink = lazy(() => import("./ParkBasketLink"));

function PageFallback() {
  return (
    <div className="page-fallback">
      <Spinner size={28} label="Loading page" />
    </div>
  );
}

/** Signed in (this shell mounts after sign-in and on every start): every open trailer's menu saved for offline. */
function useMenusSavedForOffline() {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const start = () =>
      void import("./pwa/worker-bridge").then((bridge) => bridge.saveMenusForOffline());
    // After the page has settled: the customer's own requests go first.
    const timer = setTimeout(start, 1500);
    window.addEventListener("online", start);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("online", start);
    };
  }, []);
}

/** Signed-in shell: a top bar on large screens, bottom navigation on phones. */
export function AppLayout() {
  useMenusSavedForOffline();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-bar">
        <NavLink to="/" className="top-bar__brand">
          <BrandLogo size={32} />
          <span>{brand.appName}</span>
        </NavLink>
        <nav aria-label="Main" className="top-bar__nav">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === "/"} className="top-bar__link">
              <Icon name={item.icon} size={20} />
              {item.label}
            </NavLink>
          ))}
        </nav>
        <AfterFirstScreen>
          <Suspense fallback={null}>
            <ParkBasketLink placement="top" />
          </Suspense>
        </AfterFirstScreen>
      </header>
      <AppBanners />
      <main id="main" className="app-main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <AfterFirstScreen>
        <Suspense fallback={null}>
          <ParkBasketLink placement="bottom" />
        </Suspense>
      </AfterFirstScreen>
      <nav aria-label="Main" className="bottom-nav">
        {NAV_ITEMS.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.to === "/"} className="bottom-nav__link">
            <Icon name={item.icon} size={22} />
            <span>{item.label}</span>
          </NavLink>
        ))}
      </nav>
      <AfterFirstScreen>
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      </AfterFirstScreen>
    </div>
  );
}

/** Shell for signed-out and open pages: no navigation. */
export function BareLayout() {
  return (
    <main id="main" className="bare-main">
      <AppBanners />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
