import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { BEAUTY_PROFILE_FORM } from '../../../../machines/account/forms/profile.forms.ts';
import type { FormValues } from '../../../../machines/account/account-form.definition.ts';
import type { BeautyProfile } from '../../../contract/account.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { accountMessages } from './messages.ts';
import { createAccountApi, type BeautyProfileState } from './account-api.ts';
import {
  EYE_COLOUR_LABELS,
  FINISH_LABELS,
  HAIR_CONCERN_LABELS,
  HAIR_TYPE_LABELS,
  SKIN_CONCERN_LABELS,
  SKIN_TONE_LABELS,
  SKIN_TYPE_LABELS,
  UNDERTONE_LABELS,
} from './beauty-options.ts';
import { CheckboxGroup, SelectField, type Option } from './choice-fields.tsx';
import { AccountFormElement, ErrorSummary, SubmitButton, useAccountForm, useAccountFormFact } from './form-parts.tsx';
import { RequireSession } from './require-session.tsx';
import { SavedStatus } from './parts.tsx';
import { Loaded } from '../../shared/ui/loaded.tsx';
import { useApi } from '../../shared/api/api-provider.tsx';

/** The saved answers as form values: "not said" is the empty option. */
function toValues(profile: BeautyProfile): FormValues {
  return Object.fromEntries(Object.entries(profile).map(([field, value]) => [field, value ?? '']));
}

function BeautyProfileForm({ state }: { state: BeautyProfileState }) {
  const { t, i18n } = useLingui();
  const api = useApi(createAccountApi);
  const [input] = useState(() => ({ form: BEAUTY_PROFILE_FORM, values: toValues(state.profile) }));
  const form = useAccountForm(input, (payload) => api.saveBeautyProfile(payload as BeautyProfile));
  const saved = useAccountFormFact(form, (view) => view.succeeded);
  const options = (labels: Readonly<Record<string, MessageDescriptor>>): Option[] => Object.entries(labels).map(([value, label]) => ({ value, label: i18n._(label) }));
  const labels = {
    skinType: t`Skin type`,
    skinConcerns: t`Skin concerns`,
    hairType: t`Hair type`,
    hairConcerns: t`Hair concerns`,
    eyeColour: t`Eye colour`,
    skinTone: t`Skin tone`,
    undertone: t`Undertone`,
    finish: t`Preferred finish`,
  };
  const notSaid = t`Not specified`;
  return (
    <AccountFormElement form={form} label={t`Beauty profile`}>
      <ErrorSummary form={form} labels={labels} />
      <fieldset>
        <legend>
          <Trans>Skin</Trans>
        </legend>
        <SelectField form={form} field="skinType" label={labels.skinType} options={options(SKIN_TYPE_LABELS)} emptyLabel={notSaid} />
        <CheckboxGroup form={form} field="skinConcerns" legend={labels.skinConcerns} options={options(SKIN_CONCERN_LABELS)} />
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Hair</Trans>
        </legend>
        <SelectField form={form} field="hairType" label={labels.hairType} options={options(HAIR_TYPE_LABELS)} emptyLabel={notSaid} />
        <CheckboxGroup form={form} field="hairConcerns" legend={labels.hairConcerns} options={options(HAIR_CONCERN_LABELS)} />
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Shade preferences</Trans>
        </legend>
        <SelectField form={form} field="eyeColour" label={labels.eyeColour} options={options(EYE_COLOUR_LABELS)} emptyLabel={notSaid} />
        <SelectField form={form} field="skinTone" label={labels.skinTone} options={options(SKIN_TONE_LABELS)} emptyLabel={notSaid} />
        <SelectField form={form} field="undertone" label={labels.undertone} options={options(UNDERTONE_LABELS)} emptyLabel={notSaid} />
        <SelectField form={form} field="finish" label={labels.finish} options={options(FINISH_LABELS)} emptyLabel={notSaid} />
      </fieldset>
      <SubmitButton form={form} idle={t`Save beauty profile`} busy={t`Saving…`} />
      <SavedStatus saved={saved}>
        <Trans>Your beauty profile was saved</Trans>
      </SavedStatus>
    </AccountFormElement>
  );
}

function BeautyProfileLoader() {
  const api = useApi(createAccountApi);
  const { t } = useLingui();
  const profile = useResource((signal) => api.beautyProfile({ signal }));
  return (
    <Loaded resource={profile} failure={t`This page could not be loaded.`}>
      {(data) => <BeautyProfileForm state={data} />}
    </Loaded>
  );
}

/** `/account/beauty-profile`: skin, hair and shade preferences, every answer optional. */
export default function BeautyProfileScreen() {
  useFeatureCatalog(accountMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`Beauty profile` });
  return (
    <section className="account account--wide">
      <h1>
        <Trans>Beauty profile</Trans>
      </h1>
      <p>
        <Trans>Tell us about your skin and hair so we can suggest products and shades for you. Every answer is optional.</Trans>
      </p>
      <RequireSession>
        <BeautyProfileLoader />
      </RequireSession>
      <Link href="/account">
        <Trans>Back to your account</Trans>
      </Link>
    </section>
  );
}
