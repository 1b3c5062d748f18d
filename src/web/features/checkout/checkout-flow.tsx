import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { GiftCardCheck, GiftCardCheckResult, Order } from '../../../contract/checkout.ts';
import { checkoutConnect, type CheckoutApi as CheckoutView } from '../../../../machines/checkout/checkout.connect.ts';
import { checkoutMachine, type AnswerChallengeInput, type PlaceOrderInput } from '../../../../machines/checkout/checkout.machine.ts';
import { restoreCheckout, toPersisted } from '../../../../machines/checkout/checkout.persist.ts';
import type { ChallengeRequired, CheckoutStep } from '../../../../machines/checkout/checkout.types.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useBagCountStore } from '../../shared/bag/bag-count.tsx';
import { useView, viewNow } from '../../shared/hooks/use-view.ts';
import { useScreenActor } from '../../shared/ssr/screen-state.tsx';
import { useSite } from '../../shared/site/site-provider.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { AddressStep } from './address-step.tsx';
import { createCheckoutApi, type CheckoutStart } from './checkout-api.ts';
import { CheckoutConfirmation } from './checkout-confirmation.tsx';
import { ContactStep, DeliveryStep, ExtrasStep } from './checkout-steps.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';
import { useCheckoutTexts, type CheckoutTexts } from './checkout-texts.ts';
import { PaymentStep } from './payment-step.tsx';
import { ChallengePanel, ReviewStep } from './review-step.tsx';

/** Where the checkout is kept between reloads and tabs: one per country (a bag is per country). */
const storageKey = (country: string) => `checkout:${country}`;

function readKept(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage refused (private mode, a policy): the checkout simply is not kept.
    return null;
  }
}

function keep(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // As above: nothing kept, nothing lost but the resume.
  }
}

function StepBody({ step, view, texts, showIssues, onPlace }: { step: CheckoutStep; view: CheckoutView; texts: CheckoutTexts; showIssues: boolean; onPlace: () => void }) {
  switch (step) {
    case 'contact':
      return <ContactStep view={view} texts={texts} showIssues={showIssues} />;
    case 'address':
      return <AddressStep view={view} texts={texts} showIssues={showIssues} />;
    case 'delivery':
      return <DeliveryStep view={view} texts={texts} showIssues={showIssues} />;
    case 'extras':
      return <ExtrasStep view={view} texts={texts} showIssues={showIssues} />;
    case 'payment':
      return <PaymentStep view={view} texts={texts} showIssues={showIssues} />;
    case 'review':
      return <ReviewStep view={view} texts={texts} onPlace={onPlace} />;
  }
}

/**
 * The checkout machine on screen: rendered by the server at its first step, resumed in the browser
 * from the checkout kept in this browser (another tab's too), kept again at every change. The
 * order's key is made here when the shopper places it; the machine keeps it for every retry.
 */
export function CheckoutFlow({ start, reload }: { start: CheckoutStart; reload: () => Promise<CheckoutStart> }) {
  const { t } = useLingui();
  const texts = useCheckoutTexts();
  const site = useSite();
  const api = useApi(createCheckoutApi);
  const count = useBagCountStore();
  const reasonId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const owner = start.options.memberEmail === null ? 'guest' : `member:${start.options.memberEmail}`;
  const key = storageKey(site.country);
  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          placeOrder: fromPromise<Order | ChallengeRequired, PlaceOrderInput>(({ input }) => api.placeOrder(input.body, input.idempotencyKey)),
          answerChallenge: fromPromise<Order, AnswerChallengeInput>(({ input }) => api.answerChallenge(input.attempt, input.answer)),
          checkGiftCards: fromPromise<GiftCardCheckResult, GiftCardCheck>(({ input }) => api.checkGiftCards(input)),
        },
      }),
    [api],
  );
  const actor = useScreenActor('checkout-flow', machine, { input: { country: site.country, owner, bag: start.bag, options: start.options } });
  // The whole view-model, compared by value: a snapshot that changes nothing shown (a check's
  // bookkeeping, the kept document) renders nothing.
  const view = useView(actor, checkoutConnect);
  const [attempted, setAttempted] = useState<ReadonlySet<CheckoutStep>>(new Set());
  // The steps wait for the browser: what the shopper kept in this browser decides the step, and a
  // field typed into before hydration would be lost. The server renders the order beside a placeholder.
  const [resumed, setResumed] = useState(false);

  // After hydration only (storage is the browser's): resume the checkout kept for this bag, then keep every change.
  useEffect(() => {
    const result = restoreCheckout(readKept(key), { owner, country: site.country, bagVersion: start.bag.version });
    if (result) viewNow(actor, checkoutConnect).restore(result);
    setResumed(true);
    const subscription = actor.subscribe((next) => {
      const document = toPersisted(next);
      keep(key, document === null ? null : JSON.stringify(document));
    });
    return () => subscription.unsubscribe();
    // Once per mounted checkout: the key, owner and bag are the ones it started with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);

  // The bag moved on (another tab): read it again, and the machine checks the steps against it.
  const failureKind = view.failure?.kind ?? null;
  useEffect(() => {
    if (failureKind !== 'bag_changed') return;
    let current = true;
    reload().then(
      (fresh) => current && view.takeBag(fresh.bag, fresh.options),
      () => undefined,
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failureKind]);

  // A placed order emptied the bag: the header says so at once.
  const placed = view.order;
  useEffect(() => {
    if (placed) count?.confirm(0);
  }, [placed, count]);

  // A new step takes the focus to its heading, so a keyboard or screen-reader user starts there.
  const step = view.step;
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  if (placed) return <CheckoutConfirmation order={placed} member={owner !== 'guest'} />;
  const current = step ?? 'review';
  const position = view.steps.findIndex((entry) => entry.step === current) + 1;
  const total = view.steps.length;
  const reason = view.nextDisabledReason;
  return (
    <div className="checkout" data-state={view.status} data-step={current}>
      <h1>{t`Checkout`}</h1>
      {view.notice ? (
        <p className="panel checkout-notice" role="status">
          {texts.notices[view.notice]}
        </p>
      ) : null}
      <nav aria-label={t`Checkout steps`}>
        <ol className="checkout-steps">
          {view.steps.map((entry) => (
            <li key={entry.step} data-state={entry.state} aria-current={entry.state === 'current' ? 'step' : undefined}>
              {entry.canEdit ? (
                <button type="button" className="link-button" onClick={entry.edit}>
                  {texts.steps[entry.step]}
                </button>
              ) : (
                <span>{texts.steps[entry.step]}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="checkout__body">
        <section className="checkout-step" aria-labelledby="checkout-step-heading">
          <h2 id="checkout-step-heading" ref={headingRef} tabIndex={-1}>
            <span className="checkout-step__count">{t`Step ${position} of ${total}`}</span> {texts.steps[current]}
          </h2>
          {view.failure ? (
            <div className="panel panel--error checkout-failure" role="alert" data-failure={view.failure.kind}>
              {texts.failure(view.failure, view.inputs.giftCards)}
            </div>
          ) : null}
          {!resumed ? (
            <PageSkeleton />
          ) : view.status === 'challenge' || view.status === 'verifying' ? (
            <ChallengePanel view={view} />
          ) : (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (current === 'review') return;
                if (reason === null) view.next();
                else setAttempted((before) => new Set(before).add(current));
              }}
            >
              <StepBody step={current} view={view} texts={texts} showIssues={attempted.has(current)} onPlace={() => view.place(crypto.randomUUID())} />
              {current === 'review' ? null : (
                <>
                  <button type="submit" className="button checkout-next" aria-disabled={reason !== null} aria-describedby={reason ? reasonId : undefined}>
                    {t`Continue`}
                  </button>
                  {/* Why Continue does nothing yet (the step's guard); the fields say what once the shopper tried. */}
                  {reason ? (
                    <p id={reasonId} className="checkout-reason" data-reason={reason}>
                      {texts.refusals[reason]}
                    </p>
                  ) : null}
                </>
              )}
            </form>
          )}
        </section>
        <CheckoutSummary bag={view.bag} totals={view.totals} emailOnly={view.emailOnly} />
      </div>
    </div>
  );
}
