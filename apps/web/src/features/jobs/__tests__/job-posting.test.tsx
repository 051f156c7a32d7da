import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeJob } from './job-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();

const sanDiego = {
  city: 'San Diego',
  state: 'CA',
  description: 'San Diego, CA',
  coords: { latitude: 32.7157, longitude: -117.1611 },
};
const albany = {
  city: 'Albany',
  state: 'NY',
  description: 'Albany, NY',
  coords: { latitude: 42.6526, longitude: -73.7562 },
};

function editJob(job: ReturnType<typeof makeJob>) {
  mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/job/get-single-job/job-1': () => envelope(job),
  });
  return renderApp('/edit-job/job-1', { session });
}

const prompt = () => screen.queryByRole('alert');

describe('the pay-range prompt of the job form', () => {
  it('names the pay-transparency states of the locations when no range is given', async () => {
    const { user } = editJob(makeJob({ salaryRange: undefined, locations: [sanDiego, albany] }));
    await screen.findByDisplayValue('Interventional Cardiologist');
    await user.click(screen.getByRole('button', { name: /Compensation/ }));
    await screen.findByRole('heading', { name: 'Compensation', level: 2 });
    expect(prompt()).toHaveTextContent('Add a pay range for this location');
    expect(prompt()).toHaveTextContent(
      'California and New York require job postings to state a good-faith pay range',
    );

    // Typing a range answers it.
    await user.type(screen.getByLabelText(/Minimum \(USD/), '200000');
    expect(prompt()).not.toBeInTheDocument();

    // The review says it too, with a way back to the pay fields.
    await user.clear(screen.getByLabelText(/Minimum \(USD/));
    await user.click(screen.getByRole('button', { name: /Review/ }));
    await screen.findByRole('heading', { name: 'Review', level: 2 });
    expect(prompt()).toHaveTextContent('California and New York');
    await user.click(within(prompt() as HTMLElement).getByRole('button', { name: 'Add a pay range' }));
    expect(await screen.findByRole('heading', { name: 'Compensation', level: 2 })).toBeInTheDocument();
  });

  it('stays quiet for a state without such a law, and when a range is given', async () => {
    const { user } = editJob(makeJob({ salaryRange: undefined }));
    await screen.findByDisplayValue('Interventional Cardiologist');
    await user.click(screen.getByRole('button', { name: /Compensation/ }));
    await screen.findByRole('heading', { name: 'Compensation', level: 2 });
    expect(prompt()).not.toBeInTheDocument();
  });

  it('does not prompt when a California job states its range', async () => {
    const { user } = editJob(makeJob({ locations: [sanDiego] }));
    await screen.findByDisplayValue('Interventional Cardiologist');
    await user.click(screen.getByRole('button', { name: /Compensation/ }));
    await screen.findByRole('heading', { name: 'Compensation', level: 2 });
    expect(prompt()).not.toBeInTheDocument();
  });
});

describe('the review step', () => {
  it('previews the posting as physicians see it: pay in its unit and the rendered description', async () => {
    const { user } = editJob(
      makeJob({
        salaryRange: { min: 180, max: 220, payType: 'hourly' },
        description: '## Shifts\n\n- **12-hour** days\n\n<script>alert(1)</script>',
      }),
    );
    await screen.findByDisplayValue('Interventional Cardiologist');
    expect(screen.getByLabelText(/^Description/)).toHaveValue(
      '## Shifts\n\n- **12-hour** days\n\n<script>alert(1)</script>',
    );
    await user.click(screen.getByRole('button', { name: /Review/ }));
    const posting = await screen.findByRole('article', { name: 'Interventional Cardiologist' });
    expect(within(posting).getByText('$180–$220 / hour')).toBeInTheDocument();
    expect(within(posting).getByText('$180 – $220 per hour')).toBeInTheDocument();
    expect(within(posting).getByText('Hourly rate')).toBeInTheDocument();
    const about = within(posting).getByRole('region', { name: 'About the role' });
    expect(within(about).getByRole('heading', { name: 'Shifts', level: 6 })).toBeInTheDocument();
    expect(within(about).getByText('12-hour').tagName).toBe('STRONG');
    expect(about.querySelector('script')).toBeNull();
  });
});
