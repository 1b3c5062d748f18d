import { assign, setup } from 'xstate';
import { compileExemptions, judgeNavigation, type ExemptionRule, type InvalidEntry, type NavigationRequest, type NavigationVerdict } from './navigation-guard.rules.ts';

export const CHECK_FAILURE_MESSAGE = 'Something went wrong while checking for exempted routes.';

interface NavigationGuardContext {
  rules: ExemptionRule[];
  invalid: InvalidEntry[];
  /** The raw entries, as reported with a check failure. */
  exemptedPaths: readonly unknown[];
  request: NavigationRequest | null;
  verdict: NavigationVerdict['kind'] | null;
}

export type NavigationGuardEvent =
  /** The layout's `config.smartLinkExemptedPaths` arrived (unvalidated: bad entries are reported and ignored). */
  | { type: 'navigation.configure'; exemptedPaths: readonly unknown[] }
  /** An in-app navigation is about to happen; the app tells whether its route table knows both paths. */
  | ({ type: 'navigation.request' } & NavigationRequest);

export interface CheckFailureReport {
  message: string;
  error: unknown;
  target: string;
  origin: string;
  exemptedPaths: readonly unknown[];
}

function requestOf(event: NavigationRequest): NavigationRequest {
  return { origin: event.origin, target: event.target, originMatched: event.originMatched, targetMatched: event.targetMatched };
}

/**
 * The navigation guard of spec §2. Between different paths, `smartLinkExemptedPaths` decides:
 * an exempted target stays in-app (`inApp`); a target or origin with no page in the route table,
 * or a target not exempted, is a full page load (`fullPage`). A failure while checking is reported
 * and the navigation continues in-app. The app reads the state right after `navigation.request`.
 */
export const navigationGuardMachine = setup({
  types: {
    context: {} as NavigationGuardContext,
    events: {} as NavigationGuardEvent,
    tags: {} as 'inApp' | 'fullPage',
  },
  guards: {
    isSamePath: ({ context }, request: NavigationRequest) => judgeNavigation(context.rules, request).kind === 'samePath',
    checkFailed: ({ context }, request: NavigationRequest) => judgeNavigation(context.rules, request).kind === 'checkFailed',
    hasNoMatchedRoute: ({ context }, request: NavigationRequest) => judgeNavigation(context.rules, request).kind === 'noMatchedRoute',
    isExempted: ({ context }, request: NavigationRequest) => judgeNavigation(context.rules, request).kind === 'exempted',
  },
  actions: {
    configure: assign((_, exemptedPaths: readonly unknown[]) => ({ ...compileExemptions(exemptedPaths), exemptedPaths })),
    storeVerdict: assign(({ context }, request: NavigationRequest) => ({ request, verdict: judgeNavigation(context.rules, request).kind })),
    /** console.error + the error-report hook. */
    reportCheckFailure: (_, _report: CheckFailureReport) => {},
    /** Reported once per configuration; the entries are ignored. */
    reportInvalidEntries: (_, _invalid: InvalidEntry[]) => {},
  },
}).createMachine({
  id: 'navigationGuard',
  context: { rules: [], invalid: [], exemptedPaths: [], request: null, verdict: null },
  initial: 'idle',
  on: {
    'navigation.configure': {
      actions: [
        { type: 'configure', params: ({ event }) => event.exemptedPaths },
        { type: 'reportInvalidEntries', params: ({ event }) => compileExemptions(event.exemptedPaths).invalid },
      ],
    },
    'navigation.request': [
      {
        guard: { type: 'isSamePath', params: ({ event }) => requestOf(event) },
        target: '.inApp',
        actions: { type: 'storeVerdict', params: ({ event }) => requestOf(event) },
      },
      {
        guard: { type: 'checkFailed', params: ({ event }) => requestOf(event) },
        target: '.inApp',
        actions: [
          { type: 'storeVerdict', params: ({ event }) => requestOf(event) },
          {
            type: 'reportCheckFailure',
            params: ({ context, event }) => {
              const verdict = judgeNavigation(context.rules, requestOf(event));
              return {
                message: CHECK_FAILURE_MESSAGE,
                error: verdict.kind === 'checkFailed' ? verdict.error : null,
                target: event.target,
                origin: event.origin,
                exemptedPaths: context.exemptedPaths,
              };
            },
          },
        ],
      },
      {
        guard: { type: 'hasNoMatchedRoute', params: ({ event }) => requestOf(event) },
        target: '.fullPage',
        actions: { type: 'storeVerdict', params: ({ event }) => requestOf(event) },
      },
      {
        guard: { type: 'isExempted', params: ({ event }) => requestOf(event) },
        target: '.inApp',
        actions: { type: 'storeVerdict', params: ({ event }) => requestOf(event) },
      },
      { target: '.fullPage', actions: { type: 'storeVerdict', params: ({ event }) => requestOf(event) } },
    ],
  },
  states: {
    idle: {},
    /** The app lets the router navigate. */
    inApp: { tags: ['inApp'] },
    /** The app does `location.assign(target)`. */
    fullPage: { tags: ['fullPage'] },
  },
});
