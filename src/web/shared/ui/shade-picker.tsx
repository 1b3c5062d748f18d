import { useLingui } from '@lingui/react/macro';
import { useRef, type KeyboardEvent } from 'react';
import type { Variant } from '../../../contract/catalog.ts';

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/** A radio group of swatches (WAI-ARIA radio pattern: one tab stop, arrows move and select). */
export function ShadePicker({
  variants,
  selectedId,
  onSelect,
  labelId,
}: {
  variants: readonly Variant[];
  selectedId: number;
  onSelect: (variant: Variant) => void;
  labelId: string;
}) {
  const { t } = useLingui();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent, index: number) => {
    let target: number | null = null;
    if (NEXT_KEYS.has(event.key)) target = (index + 1) % variants.length;
    else if (PREVIOUS_KEYS.has(event.key)) target = (index - 1 + variants.length) % variants.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = variants.length - 1;
    const variant = target === null ? undefined : variants[target];
    if (target === null || !variant) return;
    event.preventDefault();
    onSelect(variant);
    buttons.current[target]?.focus();
  };

  return (
    <div role="radiogroup" aria-labelledby={labelId} className="swatches">
      {variants.map((variant, index) => {
        const checked = variant.id === selectedId;
        const name = variant.name;
        const label = variant.stock > 0 ? name : t`${name} (out of stock)`;
        return (
          <button
            key={variant.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={label}
            title={label}
            tabIndex={checked ? 0 : -1}
            data-state={checked ? 'checked' : 'unchecked'}
            data-stock={variant.stock > 0 ? 'in-stock' : 'out-of-stock'}
            className={`swatch${variant.colorHex ? '' : ' swatch--text'}`}
            style={variant.colorHex ? { backgroundColor: variant.colorHex } : undefined}
            onClick={() => onSelect(variant)}
            onKeyDown={(event) => move(event, index)}
          >
            {variant.colorHex ? null : name}
          </button>
        );
      })}
    </div>
  );
}
