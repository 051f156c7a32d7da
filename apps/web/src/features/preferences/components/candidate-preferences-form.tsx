import { type TCandidatePreferences, type TPlace, ZCandidatePreferences } from '@medhire/contract/account';
import type { TSpecialty, TSubSpecialty } from '@medhire/contract/enums';
import type { TUsState } from '@medhire/contract/locations';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { ChipList } from '@medhire/ui/chip-list.tsx';
import { Select, TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Combobox } from '../../../components/ui/combobox.tsx';
import { enumsApi } from '../../utility/api/enums-api.ts';
import { useEnums } from '../../utility/use-enums.ts';

/** The form's shape: '' stands for "not given" and is dropped before validation. */
export interface PreferenceFormValues {
  specialty: string;
  subSpecialty: string[];
  homeState: TPlace[];
  boardCertStatus: string;
  minExperience: number | '';
  /** A select's value, so a string ('2027'); a number in the payload. */
  yearAvailableToStart: string;
}

export function preferenceValuesFrom(
  preferences: TCandidatePreferences | null | undefined,
): PreferenceFormValues {
  return {
    specialty: preferences?.specialty ?? '',
    subSpecialty: preferences?.subSpecialty ?? [],
    homeState: preferences?.homeState ?? [],
    boardCertStatus: preferences?.boardCertStatus ?? '',
    minExperience: preferences?.minExperience ?? '',
    yearAvailableToStart:
      preferences?.yearAvailableToStart === undefined ? '' : String(preferences.yearAvailableToStart),
  };
}

const START_YEARS_AHEAD = 5;

/** This year and the next few, plus a stored year outside that range so it stays visible. */
function startYearOptions(current: string): { value: string; label: string }[] {
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: START_YEARS_AHEAD + 1 }, (_, offset) => thisYear + offset);
  const chosen = Number(current);
  if (current !== '' && Number.isInteger(chosen) && !years.includes(chosen)) years.unshift(chosen);
  return years.map((year) => ({ value: String(year), label: String(year) }));
}

/** '' while blank, as the defaults have it, so visiting the field does not change the form. */
const toNumber = (value: unknown): number | '' =>
  value === '' || value === null || value === undefined ? '' : Number(value);

const searchSpecialties = (text: string, signal: AbortSignal) => enumsApi.searchSpecialty(text, signal);
const searchStates = async (text: string, signal: AbortSignal) =>
  (await enumsApi.searchState(text, signal)).states;

/**
 * What the employer looks for in a physician (spec §3, candidate preferences). Every field is
 * optional; the specialty narrows the sub-specialties on offer.
 */
export function CandidatePreferencesForm({
  defaultValues,
  onSubmit,
  submitLabel,
  secondaryAction,
  serverError,
}: {
  defaultValues: PreferenceFormValues;
  onSubmit: (preferences: TCandidatePreferences) => Promise<void>;
  submitLabel: string;
  secondaryAction?: ReactNode;
  serverError: string | null;
}) {
  const errorId = useId();
  const { enums, error: enumsError, retry: retryEnums } = useEnums();
  // Titles of the ids chosen in this visit; stored ids are named from the reference lists.
  const [titles, setTitles] = useState(() => new Map<string, string>());
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<PreferenceFormValues, unknown, TCandidatePreferences>({
    resolver: contractResolver<typeof ZCandidatePreferences, PreferenceFormValues>(
      ZCandidatePreferences,
      (values) => ({
        ...values,
        yearAvailableToStart: values.yearAvailableToStart === '' ? '' : Number(values.yearAvailableToStart),
      }),
    ),
    defaultValues,
    mode: 'onTouched',
  });
  const specialty = watch('specialty');
  const subSpecialty = watch('subSpecialty');
  const homeState = watch('homeState');
  const yearAvailableToStart = watch('yearAvailableToStart');

  const titleOf = (id: string) =>
    titles.get(id) ??
    enums?.specialties.find((entry) => entry._id === id)?.title ??
    enums?.subSpecialties.find((entry) => entry._id === id)?.title ??
    id;
  const remember = (entry: { _id: string; title: string }) =>
    setTitles((current) => new Map(current).set(entry._id, entry.title));

  const chooseSpecialty = (entry: TSpecialty) => {
    remember(entry);
    // Sub-specialties belong to a specialty; a new specialty starts them afresh.
    if (entry._id !== getValues('specialty')) setValue('subSpecialty', [], { shouldDirty: true });
    setValue('specialty', entry._id, { shouldDirty: true });
  };

  const searchSubSpecialties = (text: string, signal: AbortSignal) =>
    enumsApi.searchSubSpecialty(text, specialty ? [specialty] : [], signal);

  return (
    <form
      className="preferences-form"
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-describedby={serverError ? errorId : undefined}
    >
      {serverError && (
        <div id={errorId}>
          <Alert variant="danger" title="We couldn't save your preferences">
            {serverError}
          </Alert>
        </div>
      )}
      <div className="preferences-form__group">
        <Combobox<TSpecialty>
          label="Specialty"
          placeholder={specialty ? 'Search to change it' : 'e.g. Cardiology'}
          search={searchSpecialties}
          minQueryLength={0}
          itemKey={(entry) => entry._id}
          itemLabel={(entry) => entry.title}
          selectedKeys={specialty ? [specialty] : []}
          onSelect={chooseSpecialty}
          error={errors.specialty?.message}
        />
        <ChipList
          label="Chosen specialty"
          chips={specialty ? [{ key: specialty, label: titleOf(specialty), text: titleOf(specialty) }] : []}
          onRemove={() => {
            setValue('specialty', '', { shouldDirty: true });
            setValue('subSpecialty', [], { shouldDirty: true });
          }}
        />
      </div>
      <div className="preferences-form__group">
        <Combobox<TSubSpecialty>
          // A new specialty means a new list of sub-specialties.
          key={specialty}
          label="Sub-specialties"
          disabled={!specialty}
          hint={specialty ? undefined : 'Choose a specialty first.'}
          placeholder="e.g. Sports Medicine"
          search={searchSubSpecialties}
          minQueryLength={0}
          itemKey={(entry) => entry._id}
          itemLabel={(entry) => entry.title}
          selectedKeys={subSpecialty}
          onSelect={(entry) => {
            remember(entry);
            setValue('subSpecialty', [...getValues('subSpecialty'), entry._id], { shouldDirty: true });
          }}
          error={errors.subSpecialty?.message}
        />
        <ChipList
          label="Chosen sub-specialties"
          chips={subSpecialty.map((id) => ({ key: id, label: titleOf(id), text: titleOf(id) }))}
          onRemove={(id) =>
            setValue(
              'subSpecialty',
              getValues('subSpecialty').filter((entry) => entry !== id),
              { shouldDirty: true },
            )
          }
        />
      </div>
      <div className="preferences-form__group">
        <Combobox<TUsState>
          label="Home states"
          hint="Physicians with ties to these states are ranked higher."
          placeholder="e.g. Texas or TX"
          search={searchStates}
          minQueryLength={0}
          itemKey={(state) => state.description}
          itemLabel={(state) => state.name}
          itemDetail={(state) => state.code}
          selectedKeys={homeState.map((place) => place.description)}
          onSelect={(state) =>
            setValue(
              'homeState',
              [...getValues('homeState'), { description: state.description, coords: state.coords }],
              {
                shouldDirty: true,
              },
            )
          }
          error={errors.homeState?.message}
        />
        <ChipList
          label="Chosen home states"
          chips={homeState.map((place) => ({
            key: place.description,
            label: place.description,
            text: place.description,
          }))}
          onRemove={(description) =>
            setValue(
              'homeState',
              getValues('homeState').filter((place) => place.description !== description),
              { shouldDirty: true },
            )
          }
        />
      </div>
      {/* Rendered only with its options: a select without them would lose the stored choice. */}
      {enums ? (
        <Select
          label="Board certification"
          placeholder="Any board status"
          options={enums.boardStatus.map((status) => ({ value: status._id, label: status.title }))}
          error={errors.boardCertStatus?.message}
          {...register('boardCertStatus')}
        />
      ) : (
        <div className="field" aria-busy={enumsError ? undefined : true}>
          <span className="field__label">Board certification</span>
          {enumsError ? (
            <p className="field__hint">
              The board statuses could not be loaded.{' '}
              <Button variant="ghost" size="sm" onClick={retryEnums}>
                Try again
              </Button>
            </p>
          ) : (
            <Skeleton height="3rem" radius="10px" />
          )}
        </div>
      )}
      <div className="preferences-form__pair">
        <TextField
          label="Minimum years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          max={60}
          hint="Years in practice after training."
          error={errors.minExperience?.message}
          {...register('minExperience', { setValueAs: toNumber })}
        />
        <Select
          label="Available to start by"
          placeholder="Any year"
          options={startYearOptions(yearAvailableToStart)}
          error={errors.yearAvailableToStart?.message}
          // Controlled: the stored year must show even before the form has settled.
          name="yearAvailableToStart"
          value={yearAvailableToStart}
          onChange={(event) =>
            setValue('yearAvailableToStart', event.target.value, {
              shouldDirty: true,
              shouldValidate: isSubmitted,
            })
          }
        />
      </div>
      <footer className="preferences-form__actions">
        {secondaryAction}
        <Button type="submit" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </footer>
    </form>
  );
}
