import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { grammarPagesQuery } from './queries';
import './grammar.css';

/** /grammar: the pages of the grammar reference, in the order a learner meets them. */
export function GrammarListPage() {
  const pages = useQuery(grammarPagesQuery);
  return (
    <section className="stack">
      <header className="card grammar-header">
        <h1>Grammar</h1>
        <p>How Lebanese works, one page at a time: tables, examples to listen to, and the words that use them.</p>
      </header>
      <QueryBoundary
        query={pages}
        loading={<p className="card muted">Loading the grammar pages...</p>}
        failure={{ title: 'Unable to load the grammar pages' }}
      >
        {(list) =>
          list.length === 0 ? (
            <p className="card muted">No grammar pages yet.</p>
          ) : (
            <ul className="grammar-list">
              {list.map((page) => (
                <li key={page.key}>
                  <Link to="/grammar/$key" params={{ key: page.key }} className="card grammar-card">
                    <h2>{page.title}</h2>
                    <p>{page.summary}</p>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryBoundary>
    </section>
  );
}
