import { Link } from '@tanstack/react-router';

/** The community chat where learners help each other; operators can point it elsewhere. */
export const COMMUNITY_CHAT_URL = 'https://discord.gg/kalimat';

/** The help text: what the app offers and where to get help. */
export function HelpText() {
  return (
    <div className="prose">
      <h2>How Kalimat works</h2>
      <ul>
        <li>
          <strong>E-mail and password login.</strong> Create an account on the Register tab and log in with your e-mail address.
        </li>
        <li>
          <strong>Sign in with Google.</strong> Use “Continue with Google” on the login page; an account with the same verified e-mail is
          linked automatically.
        </li>
        <li>
          <strong>Password reset.</strong> Forgot it? <Link to="/request-reset">Request a reset link</Link>; it works once and for one hour.
        </li>
        <li>
          <strong>Topic modules.</strong> Practise words by <Link to="/topics">topic</Link>, and every verb in all its tenses.
        </li>
        <li>
          <strong>Word flagging.</strong> Flag a hard word on any card; it goes to <Link to="/flagged">Flagged Words</Link> until you answer
          it right three times.
        </li>
        <li>
          <strong>Premium content.</strong> Your 7-day trial opens everything. After it, basic topics stay free; premium topics, complete
          verb conjugations and cultural notes need a <Link to="/subscription">subscription</Link>.
        </li>
        <li>
          <strong>Community chat.</strong>{' '}
          <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noreferrer">
            Join the learners' community chat
          </a>{' '}
          to practise with others and ask questions.
        </li>
      </ul>
    </div>
  );
}
