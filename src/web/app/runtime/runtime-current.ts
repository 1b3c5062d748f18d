import type { Parser } from 'wouter';
import type { RouteRedirect } from '../../../../machines/runtime/deployment.rules.ts';

export const NEW_BUILD_NOTIFICATION_ID = 'deployment-new-build';

/** What the router's navigation hook needs from the deployment check, once it has loaded. */
export interface DeploymentView {
  /** The build manifest's route rule for a path, if any. */
  redirectFor(to: string): RouteRedirect | null;
  /** A newer build is deployed: the next navigation must be a full page load. */
  isStale(): boolean;
}

/** The runtime's view of the router, kept current by the router itself. */
export interface RuntimeCurrent {
  location: string;
  parser: Parser | null;
  /** The router's own navigate (through `aroundNav`), for the manifest's internal redirects. */
  navigate: ((to: string) => void) | null;
  deployment: DeploymentView | null;
}
