import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { GIFT_CARD_MESSAGE_MAX, GIFT_CARD_NAME_MAX } from '../../../config/gift-cards.ts';
import type { Cart } from '../../../contract/cart.ts';
import type { GiftCardPurchase } from '../../../contract/gift-cards.ts';
import { giftCardPurchaseConnect, type GiftCardPurchaseApi } from '../../../../machines/gift-cards/gift-card-purchase.connect.ts';
import { giftCardPurchaseMachine } from '../../../../machines/gift-cards/gift-card-purchase.machine.ts';
import type { PurchaseField, PurchaseIssueCode, PurchaseTextField } from '../../../../machines/gift-cards/gift-card-purchase.rules.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useBagCountStore } from '../../shared/bag/bag-count.tsx';
import { formatCalendarDate } from '../../shared/site/format-calendar.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { useScreenActor } from '../../shared/ssr/screen-state.tsx';
import { createGiftCardsApi } from './gift-cards-api.ts';
import { todayIn } from '../../../contract/calendar-day.ts';
import { formatWholeAmount } from './gift-cards-format.ts';
import { useView } from '../../shared/hooks/use-view.ts';

const fieldId = (field: PurchaseField | 'customAmount') => `gift-card-${field}`;
const errorId = (field: PurchaseField) => `${fieldId(field)}-error`;

/** What each field says when the rules (or the server) refuse it. */
function useIssueTexts(view: GiftCardPurchaseApi) {
  const { t } = useLingui();
  const site = useSite();
  const min = formatWholeAmount(view.range.min, site);
  const max = formatWholeAmount(view.range.max, site);
  const lastDay = formatCalendarDate(view.sendOn.max, site);
  const range = t`Enter an amount from ${min} to ${max}.`;
  return (field: PurchaseField, code: PurchaseIssueCode): string => {
    if (field === 'amount') {
      if (code === 'required') return t`Choose or enter an amount.`;
      if (code === 'not_whole') return t`Enter a whole amount, without cents.`;
      return range;
    }
    if (field === 'sendOn') {
      if (code === 'in_the_past') return t`Choose today or a later date.`;
      if (code === 'too_far_ahead') return t`Choose a date up to ${lastDay}.`;
      return code === 'required' ? t`Choose a send date.` : t`Enter a date like 2030-01-31.`;
    }
    // One message per field, saying what to type; an email in the words of checkout's and booking's.
    const most = field === 'message' ? GIFT_CARD_MESSAGE_MAX : GIFT_CARD_NAME_MAX;
    switch (code) {
      case 'required':
        return field === 'recipientName' ? t`Enter the name of the person you are sending it to.` : field === 'recipientEmail' ? t`Enter their email address, like name@example.com.` : t`Enter your name, as the card will show it.`;
      case 'too_long':
        return field === 'recipientEmail' ? t`This is too long: shorten it.` : t`Use at most ${most} characters.`;
      case 'invalid_email':
        return t`Enter an email address like name@example.com.`;
      case 'one_line':
        return t`Use one line of text.`;
      default:
        return t`Check this field`;
    }
  };
}

interface FieldProps {
  field: Exclude<PurchaseTextField, 'customAmount'>;
  label: string;
  error: string | null;
  hint?: ReactNode;
  children: (props: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/**
 * A labelled input with its hint and error read out with it. Text inputs carry no `name`: a submit
 * before the page is hydrated (the browser's own GET) then puts nothing the shopper typed in the URL.
 */
function Field({ field, label, error, hint, children }: FieldProps) {
  const id = fieldId(field);
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId(field) : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field gift-card-form__field" data-field={field}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy, invalid: error !== null })}
      {error ? (
        <p className="field__error" id={errorId(field)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The card just added: what it is, the bag's new count in the header, and where to go next. */
function Added({ purchase, onAnother }: { purchase: GiftCardPurchase; onAnother: () => void }) {
  const { t } = useLingui();
  const site = useSite();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const amount = formatWholeAmount(purchase.amount, site);
  const recipient = purchase.recipientName;
  const email = purchase.recipientEmail;
  const sendOn = formatCalendarDate(purchase.sendOn, site);
  return (
    <div className="panel gift-card-added" data-state="added">
      <h3 ref={heading} tabIndex={-1} className="panel__title">
        {t`Added to your bag`}
      </h3>
      <p>{t`A ${amount} e-gift card for ${recipient}, emailed to ${email} on ${sendOn}.`}</p>
      <p className="gift-card-added__actions">
        <Link className="button" href="/cart">
          {t`Go to bag`}
        </Link>
        <button type="button" className="button button--secondary" onClick={onAnother}>
          {t`Buy another e-gift card`}
        </button>
      </p>
    </div>
  );
}

/** Why the last Add to bag did not go through: the fields to fix (links to them), or what failed; focused at each attempt. */
function PurchaseAlert({ view, labels, issueText }: { view: GiftCardPurchaseApi; labels: Readonly<Record<PurchaseField, string>>; issueText: (field: PurchaseField, code: PurchaseIssueCode) => string }) {
  const { t } = useLingui();
  const region = useRef<HTMLDivElement>(null);
  const { attempts, failure, fieldsInError, issues } = view;
  useEffect(() => {
    if (attempts > 0) region.current?.focus();
  }, [attempts]);
  if (attempts === 0 || (failure === null && fieldsInError.length === 0)) return null;
  const failures = {
    bag_limit: t`Your bag holds as many e-gift cards as it can. Check out first, or remove one from your bag.`,
    signed_out: t`Your session has ended. Sign in again.`,
    network: t`We could not reach the store. Your details are kept: try again.`,
    failed: t`The e-gift card could not be added. Please try again.`,
  } as const;
  return (
    <div ref={region} className="panel panel--error gift-card-alert" role="alert" tabIndex={-1} data-reason={failure?.kind ?? 'invalid'}>
      {failure ? <p className="gift-card-alert__title">{failures[failure.kind]}</p> : null}
      {fieldsInError.length > 0 ? (
        <>
          <p className="gift-card-alert__title">{t`Some details need your attention:`}</p>
          <ul className="gift-card-alert__list">
            {fieldsInError.map((field) => {
              const code = issues[field];
              return (
                <li key={field}>
                  <a
                    href={`#${fieldId(field === 'amount' && view.custom ? 'customAmount' : field)}`}
                    onClick={(event) => {
                      // A fragment link scrolls but does not reliably focus the control.
                      event.preventDefault();
                      const target = field === 'amount' ? (view.custom ? fieldId('customAmount') : `${fieldId('amount')}-${view.draft.preset ?? ''}`) : fieldId(field);
                      document.getElementById(target)?.focus();
                    }}
                  >
                    {labels[field]}: {code ? issueText(field, code) : null}
                  </a>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * Buying an e-gift card (spec §2 e-gift cards): the amount (the country's presets or an amount of
 * one's own within its range), who it is for, from whom, a message and the send date. The purchase
 * machine checks it with the server's own rules and adds it to the bag; the header's count follows.
 */
export function GiftCardPurchaseForm() {
  const { t } = useLingui();
  const site = useSite();
  const api = useApi(createGiftCardsApi);
  const count = useBagCountStore();
  const amountHintId = useId();
  const counterId = useId();
  const machine = useMemo(
    () =>
      giftCardPurchaseMachine.provide({
        actors: { addToBag: fromPromise<Cart, GiftCardPurchase>(({ input }) => api.addToBag(input)) },
        actions: { added: (_, bag: Cart) => count?.confirm(bag.count) },
      }),
    [api, count],
  );
  // Today is the server's when it renders the page (kept in the machine's snapshot), so both renders agree.
  const view = useView(useScreenActor('gift-card-purchase', machine, { input: { country: site.country, today: todayIn(site.country) } }), giftCardPurchaseConnect);
  const issueText = useIssueTexts(view);
  const errorOf = (field: PurchaseField) => {
    const code = view.issues[field];
    return code ? issueText(field, code) : null;
  };
  const labels: Record<PurchaseField, string> = {
    amount: t`Amount`,
    recipientName: t`Recipient's name`,
    recipientEmail: t`Recipient's email`,
    senderName: t`Your name`,
    message: t`Message (optional)`,
    sendOn: t`Send date`,
  };
  const min = formatWholeAmount(view.range.min, site);
  const max = formatWholeAmount(view.range.max, site);
  const lastDay = formatCalendarDate(view.sendOn.max, site);
  const length = view.message.length;
  const limit = view.message.max;
  const amountError = errorOf('amount');

  if (view.added) return <Added purchase={view.added.purchase} onAnother={view.another} />;
  return (
    <form
      className="gift-card-form"
      noValidate
      aria-labelledby="gift-card-buy-heading"
      aria-busy={view.busy}
      data-state={view.status}
      onSubmit={(event) => {
        event.preventDefault();
        if (!view.busy) view.submit();
      }}
    >
      <PurchaseAlert view={view} labels={labels} issueText={issueText} />
      <fieldset className="gift-card-form__amount" aria-describedby={[amountHintId, amountError && !view.custom ? errorId('amount') : null].filter(Boolean).join(' ') || undefined}>
        <legend>{labels.amount}</legend>
        <p className="field__hint" id={amountHintId}>
          {t`Choose an amount, or enter your own from ${min} to ${max}.`}
        </p>
        <div className="gift-card-form__presets">
          {view.presets.map((preset) => (
            <label key={preset.amount} className="gift-card-form__preset" data-state={preset.selected ? 'checked' : 'unchecked'}>
              <input id={`${fieldId('amount')}-${preset.amount}`} type="radio" name="amount" value={preset.amount} checked={preset.selected} onChange={preset.select} />
              {formatWholeAmount(preset.amount, site)}
            </label>
          ))}
          <label className="gift-card-form__preset" data-state={view.custom ? 'checked' : 'unchecked'}>
            <input id={`${fieldId('amount')}-`} type="radio" name="amount" value="custom" checked={view.custom} onChange={view.chooseCustom} />
            {t`Other amount`}
          </label>
        </div>
        {view.custom ? (
          <div className="field gift-card-form__field">
            <label htmlFor={fieldId('customAmount')}>{t`Your amount (${min} to ${max})`}</label>
            <input
              id={fieldId('customAmount')}
             
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={view.draft.customAmount}
              aria-invalid={amountError !== null}
              aria-describedby={amountError ? errorId('amount') : undefined}
              onChange={(event) => view.setField('customAmount', event.target.value)}
            />
          </div>
        ) : null}
        {amountError ? (
          <p className="field__error" id={errorId('amount')}>
            {amountError}
          </p>
        ) : null}
      </fieldset>
      <Field field="recipientName" label={labels.recipientName} error={errorOf('recipientName')}>
        {({ id, describedBy, invalid }) => (
          <input id={id} type="text" autoComplete="off" maxLength={view.nameMax} value={view.draft.recipientName} aria-required="true" aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => view.setField('recipientName', event.target.value)} />
        )}
      </Field>
      <Field field="recipientEmail" label={labels.recipientEmail} error={errorOf('recipientEmail')} hint={t`We email the card, its code and its PIN here on the send date.`}>
        {({ id, describedBy, invalid }) => (
          <input id={id} type="email" inputMode="email" autoComplete="off" spellCheck={false} value={view.draft.recipientEmail} aria-required="true" aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => view.setField('recipientEmail', event.target.value)} />
        )}
      </Field>
      <Field field="senderName" label={labels.senderName} error={errorOf('senderName')} hint={t`Shown to the recipient as who the card is from.`}>
        {({ id, describedBy, invalid }) => (
          <input id={id} type="text" autoComplete="name" maxLength={view.nameMax} value={view.draft.senderName} aria-required="true" aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => view.setField('senderName', event.target.value)} />
        )}
      </Field>
      <Field field="message" label={labels.message} error={errorOf('message')} hint={t`Up to ${limit} characters.`}>
        {({ id, describedBy, invalid }) => (
          <>
            <textarea id={id} rows={4} maxLength={limit} value={view.draft.message} aria-invalid={invalid} aria-describedby={[describedBy, counterId].filter(Boolean).join(' ')} onChange={(event) => view.setField('message', event.target.value)} />
            <p className="gift-card-form__counter" id={counterId} data-state={length > limit ? 'over' : 'within'}>
              {t`${length} of ${limit} characters`}
            </p>
          </>
        )}
      </Field>
      <Field field="sendOn" label={labels.sendOn} error={errorOf('sendOn')} hint={t`Today or any day up to ${lastDay}. We email the card that day.`}>
        {({ id, describedBy, invalid }) => (
          <input id={id} type="date" min={view.sendOn.min} max={view.sendOn.max} value={view.draft.sendOn} aria-required="true" aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => view.setField('sendOn', event.target.value)} />
        )}
      </Field>
      <button type="submit" className="button" aria-disabled={view.busy}>
        {view.busy ? t`Adding to your bag…` : t`Add to bag`}
      </button>
    </form>
  );
}
