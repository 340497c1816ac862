import { Link } from '@tanstack/react-router';

export function Footer() {
  return (
    <footer className="site-footer">
      {/* The year of a page the build drew (src/web/prerender.tsx) may be last year's until it is hydrated. */}
      <p suppressHydrationWarning>© {new Date().getFullYear()} Kalimat. Learn Lebanese Arabic, one word at a time.</p>
      <nav aria-label="Legal">
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/terms-of-service">Terms of Service</Link>
      </nav>
    </footer>
  );
}
