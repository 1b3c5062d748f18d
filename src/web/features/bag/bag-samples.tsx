import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { BagApi } from '../../../../machines/bag/bag.connect.ts';
import type { SampleRefusal } from '../../../../machines/bag/bag.rules.ts';

/** Spec §5: free samples chosen per purchase, 1 or several up to the country's limit (the guard's rule, read here). */
export function BagSamples({ samples, onToggle }: { samples: BagApi['samples']; onToggle: (sampleId: number) => void }) {
  const { t } = useLingui();
  const statusId = useId();
  const { picked, limit } = samples;
  const reasons: Record<SampleRefusal, string> = {
    limit: t`You have chosen the most samples you can.`,
    outOfStock: t`Out of stock`,
  };
  if (samples.choices.length === 0) return null;
  return (
    <fieldset className="bag-samples" aria-describedby={statusId} aria-busy={samples.saving} data-state={samples.limitReached ? 'limit' : 'open'}>
      <legend>{t`Choose your free samples`}</legend>
      <p id={statusId} className="bag-samples__status" role="status">
        {samples.limitReached ? t`${picked} of ${limit} chosen: the most you can choose.` : t`${picked} of ${limit} chosen`}
      </p>
      <ul className="bag-samples__list">
        {samples.choices.map((choice) => {
          const reason = choice.disabledReason;
          return (
            <li key={choice.id} className="bag-samples__choice" data-state={choice.picked ? 'picked' : reason ?? 'open'}>
              <label>
                <input type="checkbox" checked={choice.picked} disabled={reason !== null} onChange={() => onToggle(choice.id)} />
                <img src={choice.imageUrl} alt="" width={48} height={48} loading="lazy" />
                <span>{choice.name}</span>
                {reason ? <span className="bag-samples__reason">{reasons[reason]}</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
