import { Outlet, useLocation } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { useIsMobile } from '../lib/useIsMobile';
import { useUser } from '../lib/session';
import { Spinner } from '../ui/Spinner';
import { whenIdle } from '../lib/idle';
import { lazyRetrying } from '../lib/lazy';
import { loadToasts, TOAST_MS, whenToastsWanted } from '../ui/toast';
import { Footer } from './Footer';
import { useAccessClock } from './access-clock';
import { useLiveEvents } from './live';
import { BannerTitle, Nav } from './Nav';

const Toaster = lazyRetrying(() => loadToasts().then((m) => ({ default: m.Toaster })));
const SavesWaiting = lazyRetrying(() => import('./SavesWaiting').then((m) => ({ default: m.SavesWaiting })));

/** The frame: navigation for a signed-in learner (hidden on /auth), the page, the footer, one toast at a time. */
export function Frame() {
  const { data: user, isPending } = useUser();
  const { pathname } = useLocation();
  useLiveEvents(!!user);
  useAccessClock(!!user);
  const showNav = !!user && pathname !== '/auth';
  return (
    <div className="frame">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {showNav ? <Nav user={user} /> : <Banner />}
      {/* Until the user is known the page waits under the header: the navigation that may replace the
          header is taller, and content drawn below it would jump down when it comes. */}
      {isPending ? (
        <Spinner />
      ) : (
        <>
          <main id="main" className="main">
            <Outlet />
          </main>
          <Footer />
        </>
      )}
      <Toasts />
      {user && <SaveQueue userId={user.id} />}
    </div>
  );
}

/**
 * The learner's save queue, sent from every screen (answers of an earlier visit included), and its
 * indicator: its own chunk, fetched once the first screen is drawn and the browser is idle.
 */
function SaveQueue({ userId }: { userId: number }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SavesWaiting userId={userId} />
    </Suspense>
  );
}

/** The header without navigation: signed out, on /auth, in the first paint and on the crash screen. */
export function Banner() {
  return (
    <header className="site-header minimal">
      <a href="/" className="banner">
        <BannerTitle />
      </a>
    </header>
  );
}

/**
 * What shows before the script has run, drawn into index.html by the build (src/web/prerender.tsx):
 * the frame and an empty card, replaced on the first render.
 */
export function FirstPaint() {
  return (
    <div className="frame">
      <Banner />
      <main className="main">
        <div className="card stack" role="status" aria-label="Loading">
          <span className="skeleton-line wide" />
          <span className="skeleton-line" />
          <span className="skeleton-bar" />
        </div>
      </main>
    </div>
  );
}

/**
 * One toast at a time, where it covers neither the navigation nor the card's buttons (on phones at the
 * top, just under the header). A component of its own: a page the build drew is hydrated as if wide,
 * and learning the screen is a phone's then redraws the toasts alone, not the whole frame.
 */
function Toasts() {
  const mobile = useIsMobile();
  const headerBottom = useHeaderBottom(mobile);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const stopIdle = whenIdle(want);
    const stopWaiting = whenToastsWanted(want);
    return () => {
      stopIdle();
      stopWaiting();
    };
  }, []);
  // Not drawn by the build either (effects do not run there), so a drawn page hydrates as it was drawn.
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={mobile ? 'top-center' : 'bottom-right'}
        mobileOffset={mobile ? { top: headerBottom + 8 } : undefined}
        offset={mobile ? { top: headerBottom + 8 } : undefined}
        visibleToasts={1}
        duration={TOAST_MS}
        richColors
        closeButton
      />
    </Suspense>
  );
}

/** Where the header ends on a phone, followed as it changes height (the navigation comes with the user). */
function useHeaderBottom(mobile: boolean) {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    if (!mobile) return;
    const measure = () => setBottom(Math.ceil(document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0));
    const observer = new ResizeObserver(measure);
    const watch = () => {
      const header = document.querySelector('.site-header');
      if (header) observer.observe(header);
      measure();
    };
    // The header is replaced when the navigation comes or goes: the frame's children are watched for it.
    const frame = new MutationObserver(() => {
      observer.disconnect();
      watch();
    });
    const root = document.querySelector('.frame');
    if (root) frame.observe(root, { childList: true });
    watch();
    return () => {
      observer.disconnect();
      frame.disconnect();
    };
  }, [mobile]);
  return bottom;
}
