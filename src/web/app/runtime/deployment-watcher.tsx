import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { deploymentMachine } from '../../../../machines/runtime/deployment.machine.ts';
import { findRouteRedirect } from '../../../../machines/runtime/deployment.rules.ts';
import { useNotify } from '../../shared/notifications/notify.ts';
import { deploymentActors } from './deployment.ts';
import type { RuntimeEffects } from './effects.ts';
import { NEW_BUILD_NOTIFICATION_ID, type RuntimeCurrent } from './runtime-current.ts';

/** Watches for new deployments; only a built SPA (with a build id) has one to watch. */
export default function DeploymentWatcher({ buildId, effects, current }: { buildId: string; effects: RuntimeEffects; current: RuntimeCurrent }) {
  const { t } = useLingui();
  const notify = useNotify();
  const [location] = useLocation();
  // The machine is made once; the notification reads today's translations and queue through this.
  const announce = useRef(() => {});
  useLayoutEffect(() => {
    announce.current = () => {
      notify({
        id: NEW_BUILD_NOTIFICATION_ID,
        title: t`A new version of the store is available`,
        text: t`The next page you open will load it.`,
        duration: 0,
      });
    };
  }, [notify, t]);
  const machine = useMemo(
    () =>
      deploymentMachine.provide({
        actors: deploymentActors(effects.fetchJson),
        actions: {
          notifyNewBuild: () => announce.current(),
          redirectExternally: (_, { href }) => effects.assign(href),
          redirectInternally: (_, { path }) => current.navigate?.(path),
          logFetchFailure: (_, { what, error }) => console.warn(`Deployment check: ${what} could not be read`, error),
        },
      }),
    [effects, current],
  );
  const actor = useActorRef(machine, { input: { buildId, path: location } });
  useEffect(() => {
    current.deployment = {
      redirectFor: (to) => findRouteRedirect(actor.getSnapshot().context.routeRules, to),
      isStale: () => actor.getSnapshot().hasTag('stale'),
    };
    const unsubscribe = effects.onVisible(() => actor.send({ type: 'deployment.visible' }));
    return () => {
      unsubscribe();
      current.deployment = null;
    };
  }, [actor, effects, current]);
  useEffect(() => {
    actor.send({ type: 'deployment.navigated', path: location });
  }, [actor, location]);
  return null;
}

