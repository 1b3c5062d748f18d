import type { ReactNode } from 'react';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import type { ResourceView } from '../../shared/hooks/use-resource.ts';

/** A polite live region that is always there, so the confirmation is announced when it appears. */
export function SavedStatus({ saved, children }: { saved: boolean; children: ReactNode }) {
  return (
    <p role="status" className={saved ? 'account-notice' : undefined}>
      {saved ? children : null}
    </p>
  );
}

/** A screen's data: a skeleton while it loads, the content once it has, or what went wrong with a retry when one can help. */
export function Loaded<T>({ resource, failure, children }: { resource: ResourceView<T>; failure: string; children: (data: T) => ReactNode }) {
  if (resource.status === 'loading') return <PageSkeleton />;
  if (resource.status === 'success') return <>{children(resource.data)}</>;
  return <ErrorPanel title={failure} {...(resource.status === 'failure' ? { onRetry: resource.retry } : {})} />;
}
