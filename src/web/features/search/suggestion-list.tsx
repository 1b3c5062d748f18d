import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef, useState } from 'react';
import type { SearchOption, SearchOptionGroup } from '../../../../machines/search/search-box.rules.ts';
import type { SearchBoxView } from '../../../../machines/search/search-box.connect.ts';

const GROUP_LABELS: Record<SearchOptionGroup, MessageDescriptor> = {
  recent: msg`Recent searches`,
  popular: msg`Popular searches`,
  correction: msg`Did you mean`,
  terms: msg`Searches`,
  products: msg`Products`,
  brands: msg`Brands`,
  categories: msg`Categories`,
};

function OptionContent({ option }: { option: SearchOption }) {
  switch (option.kind) {
    case 'search':
      return <span className="search-option__text">{option.text}</span>;
    case 'product':
      return (
        <>
          <img className="search-option__image" src={option.imageUrl} alt="" width={40} height={40} loading="lazy" />
          <span className="search-option__text">
            {option.name}
            {/* A space keeps the name and brand apart in what a screen reader reads. */}{' '}
            <span className="search-option__note">{option.brandName}</span>
          </span>
        </>
      );
    case 'brand':
    case 'category':
      return <span className="search-option__text">{option.name}</span>;
  }
}

interface SuggestionPopupProps {
  view: SearchBoxView;
  listboxId: string;
  optionId(index: number): string;
  onChoose(index: number): void;
  onRemoveRecent(text: string): void;
  onClearRecent(): void;
  focusInput(): void;
}

/**
 * The popup under the box: the listbox (options only, as the combobox pattern wants), and beside
 * the recent searches a column of their Remove buttons with Clear all, outside the listbox so
 * they are ordinary Tab stops. Rows of both columns have one fixed height, so they line up.
 */
export function SuggestionPopup({ view, listboxId, optionId, onChoose, onRemoveRecent, onClearRecent, focusInput }: SuggestionPopupProps) {
  const { t, i18n } = useLingui();
  const actionsRef = useRef<HTMLUListElement>(null);
  // Where keyboard focus goes once a removed row has left the page: the next Remove button, or the text.
  const [refocus, setRefocus] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (refocus === null) return;
    const buttons = actionsRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    const target = buttons[Math.min(refocus, buttons.length - 1)];
    if (target) target.focus();
    else focusInput();
    setRefocus(null);
  }, [refocus, view.recent, focusInput]);

  const showActions = view.recent.length > 0 && view.expanded;
  const text = view.text;
  const hint =
    view.hint === 'unavailable' ? (
      <Trans>Suggestions are not available right now. Press Enter to search.</Trans>
    ) : view.hint === 'noSuggestions' ? (
      <Trans>No suggestions. Press Enter to search for “{text}”.</Trans>
    ) : view.hint === 'loading' ? (
      <Trans>Looking for suggestions…</Trans>
    ) : null;
  if (!view.expanded && hint === null) return null;

  return (
    // Clicks inside keep the focus in the text field, so the popup does not close under the pointer.
    <div className="search-popup" data-busy={view.busy} onMouseDown={(event) => event.preventDefault()}>
      {view.expanded ? (
        <div className={showActions ? 'search-popup__body search-popup__body--actions' : 'search-popup__body'}>
          <div role="listbox" id={listboxId} className="search-listbox" aria-label={t`Search suggestions`} aria-busy={view.busy}>
            {view.groups.map(({ group, options }) => {
              const headingId = `${listboxId}-${group}`;
              return (
                <div role="group" key={group} aria-labelledby={headingId} className={`search-group search-group--${group}`}>
                  <div role="presentation" id={headingId} className="search-group__label">
                    {i18n._(GROUP_LABELS[group])}
                  </div>
                  {options.map(({ option, index }) => (
                    <div
                      key={index}
                      role="option"
                      id={optionId(index)}
                      aria-selected={index === view.highlighted}
                      className="search-option"
                      onClick={() => onChoose(index)}
                    >
                      <OptionContent option={option} />
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
          {showActions ? (
            <ul ref={actionsRef} className="search-popup__actions" aria-label={t`Manage recent searches`}>
              <li>
                <button
                  type="button"
                  className="link-button search-popup__clear"
                  aria-label={t`Clear all recent searches`}
                  onClick={() => {
                    onClearRecent();
                    focusInput();
                  }}
                >
                  <Trans>Clear all</Trans>
                </button>
              </li>
              {view.recent.map((text, index) => (
                <li key={text}>
                  <button
                    type="button"
                    className="search-popup__remove"
                    data-remove=""
                    aria-label={t`Remove “${text}” from recent searches`}
                    onClick={(event) => {
                      onRemoveRecent(text);
                      // A mouse click leaves the focus in the text field; a key press was on this button.
                      if (event.detail === 0) setRefocus(index);
                    }}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {hint ? <p className="search-popup__hint">{hint}</p> : null}
    </div>
  );
}
