export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A screen's placeholder while its list loads: the spinner in a card, where the list's card will stand. */
export function SpinnerCard({ label }: { label: string }) {
  return (
    <div className="card">
      <Spinner label={label} />
    </div>
  );
}
