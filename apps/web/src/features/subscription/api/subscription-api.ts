import type {
  TBillingPortalData,
  TChangePlanBody,
  TCheckoutBody,
  TCheckoutData,
  TConfirmActionData,
  TGlobalConnectionData,
  TInvoiceList,
  TPlansData,
  TPreviewChangeData,
  TSubscriptionData,
  TUpdateCardBodyIn,
} from '@medhire/contract/subscription';
import { downloadBlob } from '../../../lib/download.ts';
import { http } from '../../../lib/http.ts';

const id = encodeURIComponent;
const base = '/employer/subscription';

/** The employer's subscription calls (/api/employer/subscription, issue 12). */
export const subscriptionApi = {
  getPlans: (signal?: AbortSignal) => http.get<TPlansData>(`${base}/get-plans`, { signal }),
  getSubscription: (userId: string, signal?: AbortSignal) =>
    http.get<TSubscriptionData>(`${base}/get-subscription/${id(userId)}`, { signal }),
  /**
   * One Idempotency-Key per payment attempt: a retry of the same attempt (a timeout, a double
   * click) reuses it, so the server never charges twice.
   */
  checkout: (userId: string, body: TCheckoutBody, idempotencyKey: string) =>
    http.post<TCheckoutData>(`${base}/checkout/${id(userId)}`, body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  confirmAction: (actionId: string, approve: boolean) =>
    http.post<TConfirmActionData>(`${base}/confirm-action/${id(actionId)}`, { approve }),
  previewChange: (userId: string, body: TChangePlanBody, signal?: AbortSignal) =>
    http.post<TPreviewChangeData>(`${base}/preview-change/${id(userId)}`, body, { signal }),
  changePlan: (userId: string, body: TChangePlanBody, idempotencyKey: string) =>
    http.post<TSubscriptionData>(`${base}/change-plan/${id(userId)}`, body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  cancel: (userId: string) => http.post<TSubscriptionData>(`${base}/cancel/${id(userId)}`),
  resume: (userId: string) => http.post<TSubscriptionData>(`${base}/resume/${id(userId)}`),
  /** Sandbox only: the new card; a past_due subscription is charged with it at once. */
  updateCard: (userId: string, body: TUpdateCardBodyIn) =>
    http.post<TSubscriptionData>(`${base}/update-card/${id(userId)}`, body),
  /** Stripe only: the Customer Portal's address, where the card is changed. */
  billingPortal: (userId: string) => http.post<TBillingPortalData>(`${base}/billing-portal/${id(userId)}`),
  getInvoices: (userId: string, query: { pageSize: number; pageNumber: number }, signal?: AbortSignal) =>
    http.get<TInvoiceList>(`${base}/get-invoices/${id(userId)}`, { query: { ...query }, signal }),
  downloadInvoice: (invoiceId: string) => downloadBlob(`${base}/download-invoice/${id(invoiceId)}`),
  getGlobalConnection: (
    userId: string,
    query: { pageSize: number; pageNumber: number; state?: string },
    signal?: AbortSignal,
  ) =>
    http.get<TGlobalConnectionData>(`${base}/global-connection/${id(userId)}`, {
      query: { ...query },
      signal,
    }),
};
