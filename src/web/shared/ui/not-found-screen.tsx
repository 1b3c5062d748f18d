import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useDocumentHead } from '../head/use-document-head.ts';
import { useResponseStatus } from '../ssr/server-render.tsx';

/**
 * The 404 screen. `unknown`: no route matched ("Page not found: {path}"); `invalid`: a route
 * validator or the API said the thing does not exist ("Page Not Found: {path}"), spec §8.
 */
export function NotFoundScreen({ path, reason }: { path: string; reason: 'unknown' | 'invalid' }) {
  const { t } = useLingui();
  useDocumentHead({ title: t`Page not found` });
  useResponseStatus(404);
  return (
    <section className="status-page" data-state="not-found" data-reason={reason}>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>{reason === 'unknown' ? t`Page not found: ${path}` : t`Page Not Found: ${path}`}</h1>
      <p>
        <Trans>The page may have moved, or the link may be mistyped.</Trans>
      </p>
      <Link href="/" className="button">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}
