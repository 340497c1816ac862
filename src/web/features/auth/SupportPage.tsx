import { useSearch } from '@tanstack/react-router';
import { SupportForm } from './SupportForm';

/** /support: where the error display's Help leads; the failing status and query are noted in the ticket. */
export function SupportPage() {
  const { status, key } = useSearch({ from: '/_session/_verified/_signedIn/support' });
  return (
    <section className="card narrow">
      <h1>Contact support</h1>
      <p>Tell us what went wrong and we will answer by e-mail.</p>
      <SupportForm context={status ? `I ran into an error (status ${status}${key ? `, ${key}` : ''}) while ` : undefined} />
    </section>
  );
}
