import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { accountFieldConnect, accountFormConnect, type AccountFieldApi, type AccountFormApi } from '../../../../machines/account/account-form.connect.ts';
import { useView, type Connect } from '../hooks/use-view.ts';
import type { AccountFormDefinition } from '../../../../machines/account/account-form.definition.ts';
import { createAccountFormMachine, type AccountFormInput, type AccountFormMachine, type SubmitInput } from '../../../../machines/account/account-form.machine.ts';

/*
 * The account form machine (machines/account) runs every form of fields, checks and one request:
 * the account's, the order lookup's, the gift card balance check's. Features reach it through these
 * hooks, so none of them builds the actor its own way.
 */

export type FormRef = ActorRefFrom<AccountFormMachine>;

/**
 * Runs the account form machine for `form` (its definition from `machines/account/forms/`) with
 * `submit` as its request. `submit` is read through a ref, so a new closure each render neither
 * restarts the machine nor sends with stale values; the form and its input are read once.
 */
export function useAccountForm({ form, ...input }: AccountFormInput & { form: AccountFormDefinition }, submit: (payload: unknown) => Promise<unknown>): FormRef {
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  const [machine] = useState(() =>
    createAccountFormMachine(form).provide({ actors: { submit: fromPromise<unknown, SubmitInput>(({ input: { payload } }) => submitRef.current(payload)) } }),
  );
  return useActorRef(machine, { input });
}

/** The id of a field's input: the form's id and the field's name. */
export const formFieldId = (form: FormRef, field: string) => `${form.getSnapshot().context.form}-${field}`;

/**
 * The form's view-model narrowed to one field, each fact selected on its own: typing in one field
 * re-renders that field only. `error` is the code of its error.
 */
export function useField(form: FormRef, field: string): AccountFieldApi {
  return useView(form, fieldConnect(field));
}

/** `accountFieldConnect` for one field, in the shape `useView` takes. */
export const fieldConnect =
  (field: string) =>
  (...[snapshot, send]: Parameters<Connect<FormRef, AccountFieldApi>>): AccountFieldApi =>
    accountFieldConnect(snapshot, send, field);

/** One fact of the form's view-model (saved, the answer, the country chosen …), re-rendering only when it changes. */
export function useAccountFormFact<T extends string | boolean | null>(form: FormRef, pick: (view: AccountFormApi) => T): T {
  return useView(form, accountFormConnect, pick);
}
