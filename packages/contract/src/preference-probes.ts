/**
 * The would-you-rather probes: paired choices about the physician an employer wants. The
 * employer's answers are stored as the user's `preferenceProbe` list ({ probeId, choice }) and
 * weigh into candidate ranking. Ids are stable; wording may change.
 */
export interface TProbeOption {
  title: string;
  detail: string;
}

export interface TPreferenceProbeDefinition {
  probeId: string;
  a: TProbeOption;
  b: TProbeOption;
}

export const PREFERENCE_PROBES = [
  {
    probeId: 'experience-vs-availability',
    a: {
      title: 'An experienced physician who needs a visa',
      detail: 'Ten years in practice; needs H-1B sponsorship, so the start is months away.',
    },
    b: {
      title: 'A new graduate available now',
      detail: 'Just finished residency, licensed in your state, can start next month.',
    },
  },
  {
    probeId: 'certified-vs-eligible',
    a: {
      title: 'A board-certified physician starting in six months',
      detail: 'Certified by the specialty board, finishing a current contract first.',
    },
    b: {
      title: 'A board-eligible physician starting in four weeks',
      detail: 'Completed training, sits the certifying exam this year.',
    },
  },
  {
    probeId: 'local-vs-relocating',
    a: {
      title: 'A physician who already lives nearby',
      detail: 'Knows the community and its referral network; no relocation needed.',
    },
    b: {
      title: 'A stronger clinical match who must relocate',
      detail: 'Closer fit to the role, but needs relocation support and time to settle.',
    },
  },
  {
    probeId: 'procedural-vs-continuity',
    a: {
      title: 'A physician with strong procedural skills',
      detail: 'Brings in-office procedures that patients now travel elsewhere for.',
    },
    b: {
      title: 'A physician devoted to continuity of care',
      detail: 'Builds long relationships with a panel of chronic-care patients.',
    },
  },
  {
    probeId: 'leadership-vs-clinical-focus',
    a: {
      title: 'A physician ready to lead',
      detail: 'Wants to become medical director and shape quality programs.',
    },
    b: {
      title: 'A physician focused entirely on patients',
      detail: 'Prefers a full clinical schedule with no administrative role.',
    },
  },
  {
    probeId: 'long-term-vs-immediate-cover',
    a: {
      title: 'A physician planning to stay ten years',
      detail: 'Looking for a permanent home, starting after a notice period.',
    },
    b: {
      title: 'A locum physician who starts this week',
      detail: 'Covers the gap at once on a renewable six-month contract.',
    },
  },
  {
    probeId: 'language-vs-subspecialty',
    a: {
      title: 'A physician fluent in Spanish',
      detail: 'Can care for your Spanish-speaking patients without an interpreter.',
    },
    b: {
      title: 'A physician with an added sub-specialty certificate',
      detail: 'Extends what your practice can treat in-house.',
    },
  },
  {
    probeId: 'academic-vs-community',
    a: {
      title: 'A physician with teaching and research experience',
      detail: 'Has precepted residents and published; wants to keep teaching.',
    },
    b: {
      title: 'A physician seasoned in community practice',
      detail: 'Years of high-volume outpatient care in a setting like yours.',
    },
  },
  {
    probeId: 'telehealth-vs-established-panel',
    a: {
      title: 'A physician fluent in telehealth and digital tools',
      detail: 'Comfortable with virtual visits, remote monitoring and a new EHR.',
    },
    b: {
      title: 'A physician bringing an established patient following',
      detail: 'Well known locally; many patients are likely to follow.',
    },
  },
  {
    probeId: 'full-call-vs-no-call',
    a: {
      title: 'A physician who takes a full share of call',
      detail: 'Shares nights and weekends equally with the group.',
    },
    b: {
      title: 'A physician who asks for no call at a lower salary',
      detail: 'Daytime clinic only, at a reduced base salary.',
    },
  },
  {
    probeId: 'partnership-vs-employment',
    a: {
      title: 'A physician who wants partnership within three years',
      detail: 'Wants to buy in and share in the practice’s decisions and profits.',
    },
    b: {
      title: 'A physician who prefers to stay an employee',
      detail: 'Wants a predictable salary without ownership responsibilities.',
    },
  },
  {
    probeId: 'single-site-vs-multi-site',
    a: {
      title: 'A physician dedicated to one location',
      detail: 'Anchors a single clinic five days a week.',
    },
    b: {
      title: 'A physician who rotates between your locations',
      detail: 'Covers several sites, easing gaps across the practice.',
    },
  },
] as const satisfies readonly TPreferenceProbeDefinition[];

export type TProbeId = (typeof PREFERENCE_PROBES)[number]['probeId'];

export const PROBE_IDS: readonly string[] = PREFERENCE_PROBES.map((probe) => probe.probeId);
