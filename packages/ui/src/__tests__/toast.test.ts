import { toast } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissFormErrors, FORM_TOAST_AUTO_CLOSE_MS, notifyError, notifyFormError } from '../toast.ts';

vi.mock(import('react-toastify/unstyled'), async (importOriginal) => {
  const library = await importOriginal();
  const fake = Object.assign(vi.fn(), library.toast, { error: vi.fn(), dismiss: vi.fn() });
  return { ...library, toast: fake as unknown as typeof library.toast };
});

/** The toast library loads on first use: its calls land a few microtasks later. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('form error toasts', () => {
  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
    vi.mocked(toast.dismiss).mockClear();
  });

  it('shows a form error for the form auto-close time, once per message', async () => {
    notifyFormError('Incorrect email or password.');
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Incorrect email or password.', {
      toastId: 'form-error:Incorrect email or password.',
      autoClose: FORM_TOAST_AUTO_CLOSE_MS,
    });
    dismissFormErrors();
  });

  it('takes down every form error raised so far, and no other toast', async () => {
    notifyFormError('Incorrect email or password.');
    notifyFormError('Too many attempts.');
    notifyError('The server could not be reached.');
    dismissFormErrors();
    await settle();
    expect(vi.mocked(toast.dismiss).mock.calls).toEqual([
      ['form-error:Incorrect email or password.'],
      ['form-error:Too many attempts.'],
    ]);

    vi.mocked(toast.dismiss).mockClear();
    dismissFormErrors();
    await settle();
    expect(toast.dismiss).not.toHaveBeenCalled();
  });
});
