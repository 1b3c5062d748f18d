import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createLayoutApi } from '../../shared/api/layout-api.ts';
import { Header } from '../header.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { useResource } from '../../shared/hooks/use-resource.ts';
import type { LayoutName } from '../route-manifest.ts';
import { LayoutDataContext } from '../../shared/hooks/layout-data.tsx';
import { useReportLayout } from '../runtime/known-layout.ts';

/**
 * The footer is below the fold on every screen: its code loads beside the first screen instead of
 * before it (the first-screen JS budget). Its landmark is there at once, so nothing jumps.
 */
const Footer = lazy(() => import('../footer.tsx').then((module) => ({ default: module.Footer })));

/**
 * The first stop of the keyboard on every page, whatever its layout: hidden until focused, it leads
 * past the header (or the preview bar) to the page's own content, the `<main>` below, which takes
 * the focus (`tabIndex={-1}`) so the next Tab goes on from there. A plain fragment link: it works
 * in the server's HTML, before any script.
 */
function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <Trans>Skip to content</Trans>
    </a>
  );
}

function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="site-main" tabIndex={-1}>
      <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
    </main>
  );
}

export function DefaultLayout({ children }: { children: ReactNode }) {
  const api = useApi(createLayoutApi);
  const layout = useResource((signal) => api.layouts({ signal }), 'layouts');
  useReportLayout(layout.status === 'success' ? layout.data : null);
  return (
    <LayoutDataContext.Provider value={layout}>
      <div className="layout layout--default" data-layout="default">
        <SkipLink />
        <Header layout={layout} />
        <Main>{children}</Main>
        <Suspense fallback={<footer className="site-footer" />}>
          <Footer layout={layout} />
        </Suspense>
      </div>
    </LayoutDataContext.Provider>
  );
}

export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--blank" data-layout="blank">
      <SkipLink />
      <Main>{children}</Main>
    </div>
  );
}

export function PreviewLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--preview" data-layout="preview">
      <SkipLink />
      <p className="preview-bar" role="note">
        <Trans>Preview: this page is not published yet. Shoppers do not see it.</Trans>
      </p>
      <Main>{children}</Main>
    </div>
  );
}

export const LAYOUTS: Readonly<Record<LayoutName, (props: { children: ReactNode }) => ReactNode>> = {
  default: DefaultLayout,
  blank: BlankLayout,
  preview: PreviewLayout,
};
