import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { legalMessages } from './messages.ts';

export default function PrivacyScreen() {
  // Long legal texts: their messages come with the feature catalog, off the first screen's budget.
  useFeatureCatalog(legalMessages);
  const { t } = useLingui();
  const title = t`Privacy policy`;
  useDocumentHead({ title });
  return (
    <article className="legal">
      <h1>{title}</h1>
      <p>
        <Trans>We collect the personal information you give us to process your orders, run Beauty Pass and, with your consent, send you offers.</Trans>
      </p>
      <p>
        <Trans>We never sell your personal information. You can ask to see, correct or delete it at any time by contacting our customer care team.</Trans>
      </p>
    </article>
  );
}
