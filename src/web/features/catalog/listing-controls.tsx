import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiInstance } from '@lingui/react';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { ProductFilters } from '../../../contract/catalog.ts';
import { hasFilters, type ListingFilters, type ListingQuery } from '../../../contract/listing-query.ts';
import { isOtherFilter, isProductSort } from '../../../contract/listing-params.ts';
import { PRICE_PATTERN, PRODUCT_SORTS, type ProductSort } from '../../../contract/patterns.ts';
import { BADGE_LABELS } from '../../shared/ui/badges.tsx';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { catalogMessages } from './messages.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { useFilterCounts } from './filter-counts.ts';
import type { ListingScope } from './listing.tsx';
import { withFilters, withoutFilters } from './listing-url.ts';

interface ControlProps {
  query: ListingQuery;
  /** A new view of the listing: the page pushes it into the URL. */
  onChange: (next: ListingQuery) => void;
}

const SORT_LABELS: Readonly<Record<ProductSort, MessageDescriptor>> = {
  featured: msg`Featured`,
  newest: msg`Newest`,
  price_desc: msg`Price: high to low`,
  price_asc: msg`Price: low to high`,
  top_rated: msg`Top rated`,
};

/** The sort order, a labelled select; a new order starts again at page 1. */
export function SortControl({ query, onChange }: ControlProps) {
  useFeatureCatalog(catalogMessages);
  const { i18n } = useLinguiInstance();
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="sort">
      <label htmlFor={id}>{t`Sort by`}</label>
      <select
        id={id}
        value={query.sort}
        data-state={query.sort}
        onChange={(event) => {
          const sort = event.target.value;
          if (isProductSort(sort)) onChange({ ...query, sort, page: 1 });
        }}
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {i18n._(SORT_LABELS[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Choice {
  value: string;
  label: string;
  count: number;
}

/** Choices shown before "Show all": long brand lists stay scannable. */
const FIRST_CHOICES = 8;

/** One filter as a fieldset of checkboxes; each count is part of its checkbox's accessible name. */
function CheckboxGroup({ name, legend, choices, selected, onToggle }: { name: string; legend: string; choices: Choice[]; selected: readonly string[]; onToggle: (value: string, on: boolean) => void }) {
  const { t } = useLingui();
  const site = useSite();
  const [all, setAll] = useState(false);
  // A chosen value the answer does not list (an old link, no longer in stock) can still be taken off.
  const listed = new Set(choices.map((choice) => choice.value));
  const everything = [...choices, ...selected.filter((value) => !listed.has(value)).map((value) => ({ value, label: value, count: 0 }))];
  if (everything.length === 0) return null;
  const shown = all ? everything : everything.filter((choice, index) => index < FIRST_CHOICES || selected.includes(choice.value));
  const more = everything.length - shown.length;
  const allCount = formatNumber(everything.length, site);
  return (
    <fieldset className="filter" data-filter={name}>
      <legend className="filter__legend">{legend}</legend>
      <ul className="filter__choices">
        {shown.map((choice) => {
          const checked = selected.includes(choice.value);
          const count = formatNumber(choice.count, site);
          return (
            <li key={choice.value}>
              <label className="filter__choice">
                <input type="checkbox" name={name} value={choice.value} checked={checked} disabled={!checked && choice.count === 0} onChange={(event) => onToggle(choice.value, event.target.checked)} />
                <span>{choice.label}</span> <span className="filter__count">({count})</span>
              </label>
            </li>
          );
        })}
      </ul>
      {more > 0 || all ? (
        <button type="button" className="link-button filter__more" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t`Show fewer` : t`Show all (${allCount})`}
        </button>
      ) : null}
    </fieldset>
  );
}

/** Lowest and highest price in the country's currency; applied together with one button. */
function PriceFilter({ filters, price, onApply }: { filters: ListingFilters; price: ProductFilters['price'] | null; onApply: (min: number | null, max: number | null) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const currency = price?.currency ?? '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (field: string) => String(form.get(field) ?? '').trim();
    const [min, max] = [read('price_min'), read('price_max')];
    if ((min && !PRICE_PATTERN.test(min)) || (max && !PRICE_PATTERN.test(max))) return setError(t`Enter an amount such as 25 or 25.50.`);
    const [low, high] = [min ? Number(min) : null, max ? Number(max) : null];
    if (low !== null && high !== null && low > high) return setError(t`The lowest price must not be above the highest.`);
    setError(null);
    onApply(low, high);
  };
  return (
    <fieldset className="filter" data-filter="price">
      <legend className="filter__legend">{t`Price`}</legend>
      {/* Keyed on the URL's range, so Back or a cleared filter shows the range in force. */}
      <form className="filter__price" onSubmit={submit} noValidate key={`${filters.priceMin}-${filters.priceMax}`} aria-describedby={error ? `${id}-error` : undefined}>
        <label>
          <span>{currency ? t`Lowest (${currency})` : t`Lowest`}</span>
          <input name="price_min" inputMode="decimal" defaultValue={filters.priceMin ?? ''} placeholder={price?.min === null || price === null ? '' : String(Math.floor(price.min))} aria-invalid={error ? true : undefined} />
        </label>
        <label>
          <span>{currency ? t`Highest (${currency})` : t`Highest`}</span>
          <input name="price_max" inputMode="decimal" defaultValue={filters.priceMax ?? ''} placeholder={price?.max === null || price === null ? '' : String(Math.ceil(price.max))} aria-invalid={error ? true : undefined} />
        </label>
        <button type="submit" className="button button--secondary">{t`Apply`}</button>
      </form>
      {error ? (
        <p className="filter__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RemoveChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="chip chip--removable" aria-label={t`Remove filter: ${label}`} onClick={onRemove}>
      {label} <span aria-hidden="true">×</span>
    </button>
  );
}

/** The filters in force as buttons that take one off, and one that takes them all off. */
function ActiveFilters({ query, onChange, data }: ControlProps & { data: ProductFilters | null }) {
  const { t } = useLingui();
  const { i18n } = useLinguiInstance();
  const site = useSite();
  const { filters } = query;
  if (!hasFilters(filters)) return null;
  const brandName = (slug: string) => data?.brands.find((brand) => brand.slug === slug)?.name ?? slug;
  const categoryName = (path: string) => data?.categories.find((category) => category.path === path)?.name ?? path;
  const money = (amount: number) => (data ? formatMoney({ currency: data.price.currency, amount }, site) : formatNumber(amount, site));
  const low = filters.priceMin === null ? null : money(filters.priceMin);
  const high = filters.priceMax === null ? null : money(filters.priceMax);
  const priceLabel = low !== null && high !== null ? t`${low} to ${high}` : low !== null ? t`From ${low}` : t`Up to ${high}`;
  const chips: { key: string; label: string; without: Partial<ListingFilters> }[] = [
    ...filters.brands.map((slug) => ({ key: `b:${slug}`, label: brandName(slug), without: { brands: filters.brands.filter((other) => other !== slug) } })),
    ...filters.categories.map((path) => ({ key: `c:${path}`, label: categoryName(path), without: { categories: filters.categories.filter((other) => other !== path) } })),
    ...(low !== null || high !== null ? [{ key: 'price', label: priceLabel, without: { priceMin: null, priceMax: null } }] : []),
    ...filters.others.map((code) => ({ key: `o:${code}`, label: i18n._(BADGE_LABELS[code]), without: { others: filters.others.filter((other) => other !== code) } })),
    ...(filters.onSale ? [{ key: 'sale', label: t`On sale`, without: { onSale: false } }] : []),
  ];
  return (
    <div className="active-filters" role="group" aria-label={t`Active filters`}>
      <ul className="chip-list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <RemoveChip label={chip.label} onRemove={() => onChange(withFilters(query, chip.without))} />
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={() => onChange(withoutFilters(query))}>
        {t`Clear all filters`}
      </button>
    </div>
  );
}

function toggle<T extends string>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value);
}

/** Where the filters are a column beside the products; below it, a button that opens them in a sheet (styles.css: 900 px). */
const SIDEBAR_QUERY = '(min-width: 900px)';

/** What Tab can reach in the sheet, in document order. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The platform's modal dialog (every current browser; not jsdom, where the sheet is an open dialog in place). */
const MODAL_DIALOGS = typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal === 'function';

/**
 * Tab and Shift+Tab go round inside the sheet: from its last control to its first and back. The
 * modal dialog already makes the page behind it inert; this keeps the focus from leaving for the
 * browser's own controls, so a keyboard shopper is never lost between the two.
 */
function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  // Everything the sheet holds is shown (a folded choice is not rendered at all).
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
  const [first, last] = [controls[0], controls.at(-1)];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Closes the sheet the dialog's way (its `close` event then tells the panel), or tells the panel at once without the dialog API. */
function closeSheet(element: HTMLDialogElement | null, closed: () => void) {
  if (MODAL_DIALOGS && element?.open) element.close();
  else closed();
}

/**
 * The filters on a phone: a modal sheet (the platform's `<dialog>`, opened with `showModal`) over
 * the products, which a filter changes behind it as on a desktop (the URL, the listing, the
 * counts). Its focus starts on its Close button and goes round inside it; Escape, Close and the
 * "Show N results" button close it, and the focus returns to the Filters button that opened it.
 * N is the listing's total for the filters chosen, as the range under the products says it.
 */
function FilterSheet({ results, onClosed, children }: { results: number | null; onClosed: () => void; children: ReactNode }) {
  const { t } = useLingui();
  const site = useSite();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The latest callback, for the listener below that lives as long as the sheet.
  const closed = useRef(onClosed);
  useEffect(() => {
    closed.current = onClosed;
  }, [onClosed]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (MODAL_DIALOGS && !element.open) element.showModal();
    closeButton.current?.focus();
    // Widening past the sidebar's width closes the sheet: the filters are then beside the products.
    const wide = window.matchMedia?.(SIDEBAR_QUERY);
    const onWiden = () => {
      if (wide?.matches) closeSheet(element, () => closed.current());
    };
    wide?.addEventListener('change', onWiden);
    return () => wide?.removeEventListener('change', onWiden);
  }, []);

  // A control that went with a change (a removed filter's chip, Clear all filters) took the focus
  // with it: it comes back to the sheet's first control rather than falling to the page.
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.contains(document.activeElement)) closeButton.current?.focus();
  });

  const close = () => closeSheet(dialog.current, () => closed.current());
  const count = results === null ? null : formatNumber(results, site);
  return (
    <dialog
      ref={dialog}
      className="filter-sheet"
      aria-labelledby={titleId}
      onClose={onClosed}
      onKeyDown={(event) => {
        // The modal dialog closes itself on Escape (its `close` event follows); without the dialog API, this does.
        if (event.key === 'Escape' && !MODAL_DIALOGS) close();
        keepTabInside(event);
      }}
      open={MODAL_DIALOGS ? undefined : true}
    >
      <div className="filter-sheet__header">
        <h2 id={titleId} className="filter-sheet__title">
          {t`Filters`}
        </h2>
        <button ref={closeButton} type="button" className="filter-sheet__close" aria-label={t`Close filters`} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="filter-sheet__body">{children}</div>
      <div className="filter-sheet__footer">
        {/* The listing's own total: while the products for new filters load, the button claims no number. */}
        <button type="button" className="button filter-sheet__show" data-state={results === null ? 'loading' : 'loaded'} onClick={close}>
          {results === null ? t`Show results` : t`${plural(results, { one: `Show ${count} result`, other: `Show ${count} results` })}`}
        </button>
      </div>
    </dialog>
  );
}

/**
 * The listing's filters (spec §3): brands, categories, price, others and on sale, each with the
 * number of products it would show given the other filters. A brand page has no brand filter,
 * the sale page no on-sale filter. Beside the products on a wide screen; on a phone, behind a
 * Filters button that opens them in a sheet (FilterSheet).
 */
export function FilterPanel({ scope, query, onChange, results }: ControlProps & { scope: ListingScope; results: number | null }) {
  useFeatureCatalog(catalogMessages);
  const { t } = useLingui();
  const { i18n } = useLinguiInstance();
  const site = useSite();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const counts = useFilterCounts(scope, query.filters);
  const { filters } = query;
  const data = counts.data;
  const change = (next: Partial<ListingFilters>) => onChange(withFilters(query, next));
  const active = [filters.brands.length, filters.categories.length, filters.others.length, filters.priceMin !== null || filters.priceMax !== null ? 1 : 0, filters.onSale ? 1 : 0].reduce((a, b) => a + b, 0);
  const activeCount = formatNumber(active, site);

  const body = (
    <>
      <ActiveFilters query={query} onChange={onChange} data={data} />
      {counts.failed ? (
        <div className="panel panel--error" role="alert">
          <p>{t`The filters could not be loaded.`}</p>
          <button type="button" className="button" onClick={counts.retry}>
            {t`Retry`}
          </button>
        </div>
      ) : null}
      {data === null ? (
        counts.failed ? null : <div className="skeleton skeleton--line" aria-hidden="true" />
      ) : (
        <>
          {scope.kind === 'brand' ? null : (
            <CheckboxGroup
              name="brands"
              legend={t`Brands`}
              choices={data.brands.map((brand) => ({ value: brand.slug, label: brand.name, count: brand.count }))}
              selected={filters.brands}
              onToggle={(slug, on) => change({ brands: toggle(filters.brands, slug, on) })}
            />
          )}
          <CheckboxGroup
            name="categories"
            legend={t`Categories`}
            choices={data.categories.map((category) => ({ value: category.path, label: category.name, count: category.count }))}
            selected={filters.categories}
            onToggle={(path, on) => change({ categories: toggle(filters.categories, path, on) })}
          />
          <PriceFilter filters={filters} price={data.price} onApply={(priceMin, priceMax) => change({ priceMin, priceMax })} />
          <CheckboxGroup
            name="others"
            legend={t`Others`}
            choices={data.others.map((other) => ({ value: other.code, label: i18n._(BADGE_LABELS[other.code]), count: other.count }))}
            selected={filters.others}
            onToggle={(code, on) => {
              if (isOtherFilter(code)) change({ others: toggle(filters.others, code, on) });
            }}
          />
          {scope.kind === 'sale' ? null : (
            <CheckboxGroup
              name="on_sale"
              legend={t`On sale`}
              choices={[{ value: 'true', label: t`On sale`, count: data.onSale.count }]}
              selected={filters.onSale ? ['true'] : []}
              onToggle={(_, on) => change({ onSale: on })}
            />
          )}
        </>
      )}
    </>
  );

  return (
    <aside className="filters" aria-labelledby={headingId} aria-busy={counts.loading} data-state={counts.failed ? 'failure' : counts.loading ? 'loading' : 'loaded'}>
      <h2 id={headingId} className="filters__title">
        {t`Filters`}
      </h2>
      {/* Below 900 px the filters are this button, which opens them in a sheet (styles.css). */}
      <button ref={opener} type="button" className="button button--secondary filters__toggle" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {active > 0 ? t`Filters (${activeCount})` : t`Filters`}
      </button>
      {/* One set of controls: in the sheet while it is open, in the column otherwise. */}
      <div className="filters__body">{open ? null : body}</div>
      {open ? (
        <FilterSheet
          results={results}
          onClosed={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        >
          {body}
        </FilterSheet>
      ) : null}
    </aside>
  );
}
