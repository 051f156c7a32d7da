import type { TSpecialty } from '@medhire/contract/enums';
import {
  JOB_LIMITS,
  PARTNERSHIP_QUESTIONS,
  PAY_TYPE_DETAILS,
  PAY_TYPES,
  type TJobFields,
  type TJobLocation,
} from '@medhire/contract/jobs';
import type { TUsPlace } from '@medhire/contract/locations';
import { ChipList } from '@medhire/ui/chip-list.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { Checkbox, Select, TextArea, TextField } from '@medhire/ui/field.tsx';
import { ProgressBar } from '@medhire/ui/progress-bar.tsx';
import { useId } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { Combobox } from '../../../components/ui/combobox.tsx';
import { LocationPicker } from '../../../components/ui/location-picker.tsx';
import { enumsApi } from '../../utility/api/enums-api.ts';
import { useEnums } from '../../utility/use-enums.ts';
import { HALF_DAY_KINDS, HALF_DAY_LABELS, halfDaysTotal, type JobFormValues } from '../job-form-values.ts';
import { specialtyTitle } from './job-details.tsx';
import { PayTransparencyNotice } from './pay-transparency-notice.tsx';
import '@medhire/ui/form-grid.css';

export type JobForm = UseFormReturn<JobFormValues, unknown, TJobFields>;

/** An error react-hook-form keeps on a group itself, on its `root`, or on its first child. */
function groupError(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === 'string') return message;
  return typeof root?.message === 'string' ? root.message : undefined;
}

type YesNoField =
  | 'requiredTravel'
  | 'advancedTech'
  | 'scribeSupport'
  | 'academicResearchOpportunity'
  | 'mentorship'
  | 'speakerShip'
  | 'globalMissions'
  | 'partnership.value';

function YesNoQuestion({
  form,
  name,
  label,
  hint,
}: {
  form: JobForm;
  name: YesNoField;
  label: string;
  hint?: string;
}) {
  const id = useId();
  const error = groupError(form.getFieldState(name, form.formState).error);
  return (
    <fieldset
      className={cx('form-grid__group', error && 'field--invalid')}
      aria-describedby={hint ? `${id}-hint` : undefined}
    >
      <legend className="form-grid__legend">
        {label}
        <span className="field__optional"> (optional)</span>
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="form-grid__note">
          {hint}
        </p>
      )}
      <div className="yes-no">
        {(['Yes', 'No'] as const).map((answer) => (
          <label key={answer} className="yes-no__option">
            <input type="radio" value={answer} {...form.register(name)} />
            {answer}
          </label>
        ))}
      </div>
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}

function AmountField({
  form,
  name,
  label,
  hint,
  placeholder = 'e.g. 25,000',
}: {
  form: JobForm;
  name: FieldPath<JobFormValues>;
  label: string;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      isOptional
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      error={groupError(form.getFieldState(name, form.formState).error)}
      {...form.register(name)}
    />
  );
}

const searchSpecialties = (text: string, signal: AbortSignal) => enumsApi.searchSpecialty(text, signal);

export function RoleSection({ form }: { form: JobForm }) {
  const { enums } = useEnums();
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const specialty = watch('specialty');
  const chosenSubSpecialties = watch('subSpecialty');
  const subSpecialties = enums?.subSpecialties.filter((entry) => entry.specialtyId === specialty) ?? [];
  const chosenTitle = specialtyTitle(enums, specialty);

  const chooseSpecialty = (choice: TSpecialty | null) => {
    setValue('specialty', choice?._id ?? '', { shouldDirty: true, shouldValidate: isSubmitted || !!choice });
    // Sub-specialties belong to one specialty; a new specialty starts them afresh.
    setValue('subSpecialty', [], { shouldDirty: true });
  };

  const toggleSubSpecialty = (id: string, isChosen: boolean) =>
    setValue(
      'subSpecialty',
      isChosen ? [...chosenSubSpecialties, id] : chosenSubSpecialties.filter((entry) => entry !== id),
      { shouldDirty: true },
    );

  return (
    <div className="form-grid">
      <TextField
        label="Job title"
        placeholder="e.g. Outpatient Family Physician"
        maxLength={JOB_LIMITS.titleMax}
        error={errors.title?.message}
        {...register('title')}
      />
      <div className="form-grid__group">
        <Combobox<TSpecialty>
          label="Specialty"
          placeholder={chosenTitle ? 'Search to change the specialty' : 'Start typing, e.g. Cardiology'}
          hint="Search the US physician specialties and choose one."
          search={searchSpecialties}
          itemKey={(item) => item._id}
          itemLabel={(item) => item.title}
          selectedKeys={specialty ? [specialty] : []}
          onSelect={chooseSpecialty}
          minQueryLength={0}
          error={errors.specialty?.message}
          name="specialty"
        />
        <ChipList
          label="Chosen specialty"
          chips={chosenTitle ? [{ key: specialty, label: chosenTitle, text: chosenTitle }] : []}
          onRemove={() => chooseSpecialty(null)}
          emptyText="No specialty chosen yet."
        />
      </div>
      {specialty && (
        <fieldset className="form-grid__group">
          <legend className="form-grid__legend">
            Sub-specialties<span className="field__optional"> (optional)</span>
          </legend>
          {subSpecialties.length === 0 ? (
            <p className="form-grid__note">{chosenTitle} has no sub-specialties to choose from.</p>
          ) : (
            <div className="choice-grid">
              {subSpecialties.map((entry) => (
                <Checkbox
                  key={entry._id}
                  label={entry.title}
                  checked={chosenSubSpecialties.includes(entry._id)}
                  onChange={(event) => toggleSubSpecialty(entry._id, event.target.checked)}
                />
              ))}
            </div>
          )}
          {groupError(errors.subSpecialty) && (
            <p className="field__error">{groupError(errors.subSpecialty)}</p>
          )}
        </fieldset>
      )}
      <div className="form-grid__pair">
        <Select
          label="Employment type"
          placeholder="Choose an employment type"
          options={(enums?.employmentType ?? []).map((entry) => ({ value: entry._id, label: entry.title }))}
          error={errors.employmentType?.message}
          {...register('employmentType')}
        />
        <Select
          label="Reason for the opportunity"
          isOptional
          placeholder="Choose a reason"
          options={(enums?.reasonForJobOpportunity ?? []).map((entry) => ({
            value: entry._id,
            label: entry.title,
          }))}
          error={errors.reasonForJobOpp?.message}
          {...register('reasonForJobOpp')}
        />
      </div>
      <TextArea
        label="Description"
        isOptional
        rows={10}
        maxLength={JOB_LIMITS.descriptionMax}
        hint="The role, the team and a typical day. Markdown works: ## for a heading, - for a list, **bold**, [a link](https://…)."
        error={errors.description?.message}
        {...register('description')}
      />
    </div>
  );
}

/** Whether the form has any pay amount typed in. */
export function hasPayRange(values: Pick<JobFormValues, 'salaryRange'>): boolean {
  return values.salaryRange.min.trim() !== '' || values.salaryRange.max.trim() !== '';
}

export function CompensationSection({ form }: { form: JobForm }) {
  const salaryError = groupError(form.formState.errors.salaryRange);
  const payType = form.watch('salaryRange.payType');
  const { unit } = PAY_TYPE_DETAILS[payType];
  const locations = form.watch('locations');
  const salaryRange = form.watch('salaryRange');
  return (
    <div className="form-grid">
      <PayTransparencyNotice
        stateCodes={locations.map((location) => location.state)}
        hasPayRange={hasPayRange({ salaryRange })}
      />
      <fieldset className={cx('form-grid__group', salaryError && 'field--invalid')}>
        <legend className="form-grid__legend">
          Pay range<span className="field__optional"> (optional)</span>
        </legend>
        <Select
          label="Pay type"
          hint="Locum work is often paid per hour, shift or day; production models per wRVU."
          options={PAY_TYPES.map((type) => ({ value: type, label: PAY_TYPE_DETAILS[type].label }))}
          {...form.register('salaryRange.payType', { deps: ['salaryRange.max'] })}
        />
        <div className="form-grid__pair">
          <AmountField
            form={form}
            name="salaryRange.min"
            label={`Minimum (USD per ${unit})`}
            placeholder={payType === 'annual' ? 'e.g. 250,000' : 'e.g. 180'}
          />
          <AmountField
            form={form}
            name="salaryRange.max"
            label={`Maximum (USD per ${unit})`}
            placeholder={payType === 'annual' ? 'e.g. 320,000' : 'e.g. 220'}
          />
        </div>
        {salaryError && <p className="field__error">{salaryError}</p>}
      </fieldset>
      <div className="form-grid__pair">
        <AmountField
          form={form}
          name="signOnBonus"
          label="Sign-on bonus (USD)"
          hint="Paid once, at the start."
        />
        <AmountField
          form={form}
          name="productiveBonus"
          label="Productivity bonus (USD per year)"
          hint="For example wRVU-based incentive potential."
        />
      </div>
      <div className="form-grid__pair">
        <AmountField
          form={form}
          name="stipendTraining"
          label="Training stipend (USD per year)"
          hint="Paid during residency or fellowship before the start."
        />
        <AmountField
          form={form}
          name="loanRepaymentAssistance"
          label="Loan repayment assistance (USD)"
          hint="The total toward student loans."
        />
      </div>
      <AmountField
        form={form}
        name="vacation"
        label="Vacation (weeks per year)"
        placeholder="e.g. 4"
        hint="Paid vacation, not counting CME time."
      />
    </div>
  );
}

export function ScheduleSection({ form }: { form: JobForm }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const total = halfDaysTotal(watch('halfDaysPerWeek'));
  const isOver = total > JOB_LIMITS.halfDaysMax;
  const totalError = groupError(errors.halfDaysPerWeek);
  return (
    <div className="form-grid">
      <fieldset className={cx('form-grid__group', totalError && 'field--invalid')}>
        <legend className="form-grid__legend">
          Half-days per week<span className="field__optional"> (optional)</span>
        </legend>
        <p className="form-grid__note">A full week is 10 half-day sessions. Split them by kind of work.</p>
        <div className="half-days">
          {HALF_DAY_KINDS.map((kind) => (
            <TextField
              key={kind}
              label={HALF_DAY_LABELS[kind]}
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              error={errors.halfDaysPerWeek?.[kind]?.message}
              {...register(`halfDaysPerWeek.${kind}`)}
            />
          ))}
        </div>
        <div className={cx('half-days__total', isOver && 'half-days__total--over')} aria-live="polite">
          <p className="half-days__total-text">
            <span>Total</span>
            <span>
              {total} of {JOB_LIMITS.halfDaysMax} half-days
            </span>
          </p>
          <ProgressBar
            fraction={total / JOB_LIMITS.halfDaysMax}
            label="Half-days per week used"
            tone={isOver ? 'danger' : 'primary'}
          />
        </div>
        {totalError && <p className="field__error">{totalError}</p>}
      </fieldset>
      <TextField
        label="Call schedule"
        isOptional
        placeholder="e.g. 1:6 weekends, home call"
        error={errors.callSchedule?.message}
        {...register('callSchedule')}
      />
      <YesNoQuestion form={form} name="requiredTravel" label="Is travel between sites required?" />
    </div>
  );
}

export function SupportSection({ form }: { form: JobForm }) {
  const { enums } = useEnums();
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const chosen = watch('supportBenefitPerk');
  const toggle = (title: string, isChosen: boolean) =>
    setValue(
      'supportBenefitPerk',
      isChosen ? [...chosen, title] : chosen.filter((entry) => entry !== title),
      {
        shouldDirty: true,
      },
    );
  const groups = [
    { title: 'Benefits', items: enums?.fringeBenefits ?? [] },
    { title: 'Bonuses and incentives', items: enums?.bonus ?? [] },
  ];
  const perkError = groupError(errors.supportBenefitPerk);
  return (
    <div className="form-grid">
      <div className="form-grid__pair">
        <YesNoQuestion form={form} name="scribeSupport" label="Scribe support" />
        <YesNoQuestion
          form={form}
          name="advancedTech"
          label="Advanced technology"
          hint="For example robotic surgery, AI documentation or advanced imaging."
        />
      </div>
      <TextField
        label="Electronic medical record"
        isOptional
        placeholder="e.g. Epic"
        hint="The EMR system the physician would chart in."
        error={errors.electronicMedRecord?.message}
        {...register('electronicMedRecord')}
      />
      {groups.map((group) => (
        <fieldset key={group.title} className="form-grid__group">
          <legend className="form-grid__legend">
            {group.title}
            <span className="field__optional"> (optional)</span>
          </legend>
          <div className="choice-grid">
            {group.items.map((item) => (
              <Checkbox
                key={item._id}
                label={item.title}
                checked={chosen.includes(item.title)}
                onChange={(event) => toggle(item.title, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {perkError && <p className="field__error">{perkError}</p>}
    </div>
  );
}

export function GrowthSection({ form }: { form: JobForm }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const offersPartnership = watch('partnership.value') === 'Yes';
  const answersError = groupError(errors.partnership?.types);
  return (
    <div className="form-grid">
      <YesNoQuestion form={form} name="partnership.value" label="Is there a track to partnership?" />
      {offersPartnership && (
        <div className="form-grid__pair">
          {PARTNERSHIP_QUESTIONS.map((question, index) => (
            <TextField
              key={question}
              label={question}
              placeholder={index === 0 ? 'e.g. 2 years' : 'e.g. $150,000 over 3 years'}
              error={errors.partnership?.types?.[index]?.message ?? (index === 0 ? answersError : undefined)}
              {...register(`partnership.types.${index as 0 | 1}`)}
            />
          ))}
        </div>
      )}
      <div className="form-grid__pair">
        <YesNoQuestion form={form} name="academicResearchOpportunity" label="Academic research opportunity" />
        <YesNoQuestion form={form} name="mentorship" label="Mentorship" />
      </div>
      <div className="form-grid__pair">
        <YesNoQuestion form={form} name="speakerShip" label="Speakership" />
        <YesNoQuestion form={form} name="globalMissions" label="Global missions" />
      </div>
    </div>
  );
}

const searchPlaces = async (text: string, signal: AbortSignal) =>
  (await enumsApi.searchLocation(text, signal)).places;

export function LocationsSection({ form }: { form: JobForm }) {
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const locations = watch('locations');
  const salaryRange = watch('salaryRange');

  const onLocationsChange = (next: TJobLocation[]) =>
    setValue('locations', next, {
      shouldDirty: true,
      // An added place is checked at once (it may pass the limit); a removal waits for submit.
      shouldValidate: isSubmitted || next.length > locations.length,
    });

  return (
    <div className="form-grid">
      <LocationPicker
        label="Job locations"
        value={locations}
        onChange={onLocationsChange}
        search={searchPlaces}
        toLocation={(place: TUsPlace): TJobLocation => ({
          ...(place.city ? { city: place.city } : {}),
          state: place.state,
          description: place.description,
          coords: place.coords,
        })}
        hint="Add every site the physician would work at."
        emptyText="No locations added yet."
        error={groupError(errors.locations)}
        name="locations"
      />
      <PayTransparencyNotice
        stateCodes={locations.map((location) => location.state)}
        hasPayRange={hasPayRange({ salaryRange })}
      />
      <TextArea
        label="Additional context"
        isOptional
        rows={5}
        maxLength={JOB_LIMITS.additionalContextMax}
        hint="Anything else a physician should know: the team, the community, the patient mix."
        error={errors.additionalContext?.message}
        {...register('additionalContext')}
      />
    </div>
  );
}
