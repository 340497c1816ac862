import { Link } from '@tanstack/react-router';

/** The card for an address that names no item of a list, with the way back to that list. */
export function NotFoundCard({
  item,
  list,
  to,
}: {
  item: 'Dialogue' | 'Lesson';
  list: 'Dialogues' | 'Lessons';
  to: '/dialogues' | '/lessons';
}) {
  return (
    <section className="card narrow center">
      <h1>{item} not found</h1>
      <p>
        This {item.toLowerCase()} does not exist. Pick one from the list of {list.toLowerCase()}.
      </p>
      <Link to={to} className="button">
        Back to {list}
      </Link>
    </section>
  );
}
