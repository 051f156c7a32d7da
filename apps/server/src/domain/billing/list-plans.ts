import type { TPlansData } from '@medhire/contract/subscription';
import { isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { plans } from '../../db/schema/billing.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { toPlanView } from './subscription-view.ts';

/** The plans on offer (retired ones are not), cheapest first, and what the payment screen needs of the provider. */
export async function listPlans(db: Db, provider: PaymentProvider): Promise<TPlansData> {
  const rows = await db.select().from(plans).where(isNull(plans.retiredAt)).orderBy(plans.sortOrder);
  return {
    plans: rows.map(toPlanView),
    provider: provider.name,
    ...(provider.name === 'sandbox' ? { sandboxTestCards: provider.testCards } : {}),
  };
}
