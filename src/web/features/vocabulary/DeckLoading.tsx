import './vocabulary.css';
/** The landing deck's place while its code or its words load, as tall as the deck (vocabulary.css). */
export function DeckLoading() {
  return (
    <div className="card center muted try-deck-loading" role="status">
      Loading words...
    </div>
  );
}
