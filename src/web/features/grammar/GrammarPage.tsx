import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Arabic } from '../../ui/Arabic';
import { ListenButton } from '../../ui/ListenButton';
import { Prose } from '../../ui/Prose';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { dialoguesQuery, lessonsQuery } from '../../lib/query';
import { useReadGrammar } from '../../lib/course';
import { NextStep } from '../../ui/NextStep';
import { useUser } from '../../lib/session';
import { grammarPageQuery, type GrammarLink, type GrammarPageView, type GrammarRow } from './queries';
import './grammar.css';

/** /grammar/$key: a page of the grammar reference (docs/content-format.md). */
export function GrammarPage({ pageKey }: { pageKey: string }) {
  const page = useQuery(grammarPageQuery(pageKey));
  return (
    <section className="stack grammar-page">
      <Link to="/grammar" className="back-link">
        ← All grammar
      </Link>
      <QueryBoundary
        query={page}
        loading={<p className="card muted">Loading the page...</p>}
        failure={{ title: 'Unable to load this grammar page', actions: <Link to="/grammar">All grammar pages</Link> }}
      >
        {(data) => <Page page={data} />}
      </QueryBoundary>
    </section>
  );
}

function Rows({ rows }: { rows: GrammarRow[] }) {
  return (
    <div className="table-scroll">
      <table className="grammar-table">
        <thead>
          <tr>
            <th scope="col">Arabizi</th>
            <th scope="col">Arabic</th>
            <th scope="col">English</th>
            <th scope="col">
              <span className="visually-hidden">Listen</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.arabizi}>
              <td className="arabizi">{row.arabizi}</td>
              <td>
                <Arabic>{row.arabic}</Arabic>
              </td>
              <td>{row.english}</td>
              <td>
                <ListenButton text={row.arabizi} label={`${row.arabizi} (${row.english})`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Links({ title, links }: { title: string; links: GrammarLink[] }) {
  if (links.length === 0) return null;
  return (
    <div>
      <h3>{title}</h3>
      <ul className="grammar-links">
        {links.map((link) => (
          <li key={`${link.topic}/${link.arabizi}`}>
            <Link to="/topics/$topic" params={{ topic: link.topic }}>
              <strong>{link.arabizi}</strong> {link.english}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Page({ page }: { page: GrammarPageView }) {
  const lessons = useQuery(lessonsQuery);
  const explained = (lessons.data ?? []).filter((lesson) => lesson.grammar === page.key);
  const dialogues = useQuery(dialoguesQuery);
  const shown = (dialogues.data ?? []).filter((dialogue) => dialogue.grammar.includes(page.key));
  return (
    <>
      <header className="card">
        <h1>{page.title}</h1>
        <Prose text={page.body} />
      </header>
      {page.tables.map((table) => (
        <section key={table.caption} className="card" aria-label={table.caption}>
          <h2>{table.caption}</h2>
          <Rows rows={table.rows} />
        </section>
      ))}
      <section className="card" aria-label="Examples">
        <h2>Examples</h2>
        <Rows rows={page.examples} />
      </section>
      {(page.words.length > 0 || page.verbs.length > 0 || explained.length > 0 || shown.length > 0) && (
        <section className="card" aria-label="Where it is used">
          <h2>Where you meet it</h2>
          <Links title="Words" links={page.words} />
          <Links title="Verbs" links={page.verbs} />
          {explained.length > 0 && (
            <div>
              <h3>Lessons</h3>
              <ul className="grammar-links">
                {explained.map((lesson) => (
                  <li key={lesson.id}>
                    <Link to="/lesson/$id" params={{ id: String(lesson.id) }}>
                      {lesson.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {shown.length > 0 && (
            <div>
              <h3>Dialogues</h3>
              <ul className="grammar-links">
                {shown.map((dialogue) => (
                  <li key={dialogue.id}>
                    {/* A locked one leads to the subscription, as on the dialogue list. */}
                    <Link
                      to={dialogue.locked ? '/subscription' : '/dialogues/$id'}
                      params={dialogue.locked ? undefined : { id: String(dialogue.id) }}
                    >
                      {dialogue.title}
                      {dialogue.locked && ' (Premium)'}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      )}
      <ReadAndContinue pageKey={page.key} />
    </>
  );
}

/** A signed-in learner's Continue: the page counts as read for the course, then the plan's next thing starts. */
function ReadAndContinue({ pageKey }: { pageKey: string }) {
  const read = useReadGrammar();
  if (!useUser().data) return null;
  return (
    <div className="card grammar-next">
      <NextStep before={() => read.mutateAsync(pageKey)} />
    </div>
  );
}
