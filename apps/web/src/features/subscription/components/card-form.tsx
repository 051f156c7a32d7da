import { type TCardInput, ZCardInput } from '@medhire/contract/payment-card';
import type { TSandboxTestCard } from '@medhire/contract/subscription';
import { Button } from '@medhire/ui/button.tsx';
import { TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { useForm } from 'react-hook-form';

interface CardFormValues {
  name: string;
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

const emptyCard: CardFormValues = { name: '', number: '', expMonth: '', expYear: '', cvc: '' };

/** Form text → the contract's card: the month and year as numbers (blank stays blank). */
function toCard(values: CardFormValues) {
  const asNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
  return { ...values, expMonth: asNumber(values.expMonth), expYear: asNumber(values.expYear) };
}

export interface CardFormProps {
  submitLabel: string;
  onSubmit: (card: TCardInput) => Promise<void>;
  /** The sandbox's test cards, listed with a button that fills the number in. */
  testCards?: readonly TSandboxTestCard[];
}

/** "4242424242424242" → "4242 4242 4242 4242". */
function groupDigits(number: string): string {
  return number.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The card details for the built-in sandbox provider, validated by the contract's card schema. */
export function CardForm({ submitLabel, onSubmit, testCards }: CardFormProps) {
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CardFormValues, unknown, TCardInput>({
    resolver: contractResolver<typeof ZCardInput, CardFormValues>(ZCardInput, toCard),
    defaultValues: emptyCard,
    mode: 'onTouched',
  });

  return (
    <div className="card-form-layout">
      <form className="card-form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label="Name on card"
          autoComplete="cc-name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          error={errors.number?.message}
          {...register('number')}
        />
        <div className="card-form__row">
          <TextField
            label="Expiry month"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder="MM"
            maxLength={2}
            error={errors.expMonth?.message}
            {...register('expMonth')}
          />
          <TextField
            label="Expiry year"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            placeholder="YYYY"
            maxLength={4}
            error={errors.expYear?.message}
            {...register('expYear')}
          />
          <TextField
            label="Security code (CVC)"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            error={errors.cvc?.message}
            {...register('cvc')}
          />
        </div>
        <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </form>
      {testCards && testCards.length > 0 && (
        <section className="test-cards" aria-labelledby="test-cards-title">
          <h3 id="test-cards-title" className="test-cards__title">
            Test cards
          </h3>
          <p className="test-cards__intro">
            Payments run in the built-in sandbox: no money moves. Use any name, any future expiry date and any
            3-digit code with one of these numbers.
          </p>
          <ul className="test-cards__list">
            {testCards.map((card) => (
              <li key={card.number}>
                <code>{groupDigits(card.number)}</code>
                <span>{card.description}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Use test card ${groupDigits(card.number)}`}
                  onClick={() => {
                    setValue('number', groupDigits(card.number), { shouldValidate: true });
                    setFocus('name');
                  }}
                >
                  Use
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
