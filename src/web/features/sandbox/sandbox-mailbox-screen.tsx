import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useState } from 'react';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { sandboxMessages } from './messages.ts';
import { formatDate } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { useApi } from '../../shared/api/api-provider.tsx';
import { Loaded } from '../../shared/ui/loaded.tsx';
import { createSandboxApi, type SandboxEmail } from './sandbox-api.ts';
import './sandbox.css';

// Trailing punctuation ends the sentence, not the link.
const LINK = /(https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)])/g;

/** The email text with its http(s) links clickable; everything else stays text (never HTML). */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(LINK);
  return (
    <>
      {parts.map((part, index) =>
        // split() with a capturing group puts the links at the odd indexes.
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Mailbox({ emails }: { emails: SandboxEmail[] }) {
  const site = useSite();
  if (emails.length === 0) {
    return (
      <p role="status">
        <Trans>The outbox is empty: no email has been sent yet.</Trans>
      </p>
    );
  }
  const newestFirst = [...emails].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return (
    <ol className="mailbox__list">
      {newestFirst.map((email) => (
        <li key={email.id} className="mailbox__item">
          <article aria-label={email.subject}>
            <h2>{email.subject}</h2>
            <dl className="mailbox__meta">
              <dt>
                <Trans>To</Trans>
              </dt>
              <dd>{email.to}</dd>
              <dt>
                <Trans>Time</Trans>
              </dt>
              <dd>
                <time dateTime={email.createdAt}>{formatDate(email.createdAt, site, { dateStyle: 'medium', timeStyle: 'medium' })}</time>
              </dd>
              <dt>
                <Trans>Kind</Trans>
              </dt>
              <dd>{email.kind}</dd>
            </dl>
            <pre className="mailbox__text">
              <LinkedText text={email.text} />
            </pre>
          </article>
        </li>
      ))}
    </ol>
  );
}

function MailboxLoader() {
  const api = useApi(createSandboxApi);
  const { t } = useLingui();
  const emails = useResource((signal) => api.emails({ signal }));
  return (
    <Loaded resource={emails} failure={t`The outbox could not be loaded.`}>
      {(data) => <Mailbox emails={data} />}
    </Loaded>
  );
}

/** `/sandbox/mailbox`: the emails the store "sent" in development (the outbox table), newest first. */
export default function SandboxMailboxScreen() {
  useFeatureCatalog(sandboxMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Sandbox mailbox` });
  const [round, setRound] = useState(0);
  return (
    <section className="mailbox">
      <h1>
        <Trans>Sandbox mailbox</Trans>
      </h1>
      <p>
        <Trans>The emails in the store's outbox (welcome, password reset), newest first.</Trans>
      </p>
      <button type="button" className="button button--secondary" onClick={() => setRound((value) => value + 1)}>
        <Trans>Refresh</Trans>
      </button>
      <MailboxLoader key={round} />
    </section>
  );
}
