import type { ReactNode } from 'react';
import type { ResourceView } from '../hooks/use-resource.ts';
import { ErrorPanel } from './retry.tsx';
import { PageSkeleton } from './skeleton.tsx';

/** A screen's data: a skeleton while it loads, the content once it has, or what went wrong with a retry when one can help. */
export function Loaded<T>({ resource, failure, children }: { resource: ResourceView<T>; failure: string; children: (data: T) => ReactNode }) {
  if (resource.status === 'loading') return <PageSkeleton />;
  if (resource.status === 'success') return <>{children(resource.data)}</>;
  return <ErrorPanel title={failure} {...(resource.status === 'failure' ? { onRetry: resource.retry } : {})} />;
}
