/**
 * US physician specialties and sub-specialties.
 *
 * Source: the American Board of Medical Specialties (ABMS) "Guide to Medical Specialties" and
 * the ABMS list of specialty and subspecialty certificates of its 24 member boards.
 *
 * How the ABMS list maps onto the two levels the product uses:
 * - A specialty is a primary (specialty) certificate a physician trains and is certified in.
 *   Boards whose primary certificates are distinct careers appear as several specialties
 *   (Psychiatry and Neurology → Psychiatry, Neurology, Child Neurology; Radiology → Diagnostic
 *   Radiology, Interventional Radiology, Radiation Oncology; Surgery → Surgery, Vascular Surgery).
 *   Boards whose primary certificates are variations of one career appear once, with those
 *   certificates as sub-specialties (Pathology → Anatomic Pathology …; Preventive Medicine →
 *   Aerospace Medicine …; Medical Genetics and Genomics → Clinical Genetics and Genomics …).
 *   Medical Physics (ABR) is left out: it certifies physicists, not physicians.
 * - A sub-specialty is an ABMS subspecialty certificate open to diplomates of that specialty.
 *   A certificate offered by several boards (Hospice and Palliative Medicine, Sleep Medicine,
 *   Sports Medicine, Pain Medicine, Critical Care Medicine …) appears under each of them with its
 *   own id, as in the ABMS guide, so a sub-specialty always has exactly one parent.
 * - Addiction Medicine, Clinical Informatics and Health Care Administration, Leadership, and
 *   Management are issued by the American Board of Preventive Medicine (Clinical Informatics also
 *   by Pathology) to diplomates of any ABMS member board; they appear under Preventive Medicine
 *   and under the specialties whose physicians most often hold them.
 * - Hospital Medicine under Internal Medicine and Family Medicine is the ABIM / ABFM Focused
 *   Practice designation, the credential hospitalist positions ask for.
 *
 * Ids are stable slugs: a specialty id never changes once shipped, and a sub-specialty id is
 * `<specialty id>--<slug>`. Renaming a title (as ABMS renamed Female Pelvic Medicine and
 * Reconstructive Surgery to Urogynecology and Reconstructive Pelvic Surgery) keeps the id.
 *
 * `aliases` are the abbreviations and everyday names physicians and recruiters type; search uses
 * them, the API never shows them.
 */

/** [slug, title, aliases?] */
export type SubSpecialtySeed = readonly [slug: string, title: string, aliases?: readonly string[]];

export interface SpecialtySeed {
  id: string;
  title: string;
  /** The ABMS member board that issues the certificate. */
  board: string;
  aliases?: readonly string[];
  subSpecialties: readonly SubSpecialtySeed[];
}

const CARDIOLOGY = ['cardiology', 'cardiologist', 'cards'] as const;

const critical = (aliases: readonly string[] = []): SubSpecialtySeed => [
  'critical-care-medicine',
  'Critical Care Medicine',
  ['critical care', 'intensivist', 'icu', 'ccm', ...aliases],
];
const hospiceAndPalliative: SubSpecialtySeed = [
  'hospice-and-palliative-medicine',
  'Hospice and Palliative Medicine',
  ['palliative care', 'hpm', 'hospice'],
];
const sleep: SubSpecialtySeed = ['sleep-medicine', 'Sleep Medicine', ['sleep']];
const sports: SubSpecialtySeed = ['sports-medicine', 'Sports Medicine', ['sports']];
const pain: SubSpecialtySeed = ['pain-medicine', 'Pain Medicine', ['pain management', 'interventional pain']];
const neurocritical: SubSpecialtySeed = ['neurocritical-care', 'Neurocritical Care', ['neuro icu', 'ncc']];
const brainInjury: SubSpecialtySeed = ['brain-injury-medicine', 'Brain Injury Medicine', ['tbi']];
const adolescent: SubSpecialtySeed = ['adolescent-medicine', 'Adolescent Medicine', ['teen health']];
const geriatric: SubSpecialtySeed = [
  'geriatric-medicine',
  'Geriatric Medicine',
  ['geriatrics', 'gerontology'],
];
const medicalToxicology: SubSpecialtySeed = [
  'medical-toxicology',
  'Medical Toxicology',
  ['toxicology', 'tox'],
];
const undersea: SubSpecialtySeed = [
  'undersea-and-hyperbaric-medicine',
  'Undersea and Hyperbaric Medicine',
  ['hyperbaric', 'wound care', 'diving medicine'],
];
const addiction: SubSpecialtySeed = [
  'addiction-medicine',
  'Addiction Medicine',
  ['substance use', 'sud', 'addiction'],
];
const clinicalInformatics: SubSpecialtySeed = [
  'clinical-informatics',
  'Clinical Informatics',
  ['informatics', 'cmio', 'health it'],
];
const leadership: SubSpecialtySeed = [
  'health-care-administration-leadership-and-management',
  'Health Care Administration, Leadership, and Management',
  ['halm', 'physician executive', 'medical director', 'administration'],
];
const hospitalMedicine: SubSpecialtySeed = [
  'hospital-medicine',
  'Hospital Medicine',
  ['hospitalist', 'nocturnist'],
];
const handSurgery: SubSpecialtySeed = [
  'surgery-of-the-hand',
  'Surgery of the Hand',
  ['hand surgery', 'hand'],
];
const headAndNeckPlastics: SubSpecialtySeed = [
  'plastic-surgery-within-the-head-and-neck',
  'Plastic Surgery Within the Head and Neck',
  ['facial plastic surgery', 'facial plastics'],
];
const urogynecology: SubSpecialtySeed = [
  'urogynecology-and-reconstructive-pelvic-surgery',
  'Urogynecology and Reconstructive Pelvic Surgery',
  ['female pelvic medicine', 'fpmrs', 'urogyn', 'pelvic floor'],
];
const neuromuscular: SubSpecialtySeed = ['neuromuscular-medicine', 'Neuromuscular Medicine', ['emg']];
const clinicalNeurophysiology: SubSpecialtySeed = [
  'clinical-neurophysiology',
  'Clinical Neurophysiology',
  ['eeg', 'emg', 'neurophysiology'],
];
const epilepsy: SubSpecialtySeed = ['epilepsy', 'Epilepsy', ['epileptologist', 'seizure']];
const neurodevelopmental: SubSpecialtySeed = [
  'neurodevelopmental-disabilities',
  'Neurodevelopmental Disabilities',
  ['developmental disabilities', 'autism'],
];
const vascularNeurology: SubSpecialtySeed = [
  'vascular-neurology',
  'Vascular Neurology',
  ['stroke', 'neurovascular'],
];
const molecularGeneticPathology: SubSpecialtySeed = [
  'molecular-genetic-pathology',
  'Molecular Genetic Pathology',
  ['molecular pathology', 'mgp'],
];
const dermatopathology: SubSpecialtySeed = ['dermatopathology', 'Dermatopathology', ['dermpath']];
const pediatricRehabilitation: SubSpecialtySeed = [
  'pediatric-rehabilitation-medicine',
  'Pediatric Rehabilitation Medicine',
  ['peds rehab', 'pediatric pm r'],
];
const radiologySubspecialties = (): SubSpecialtySeed[] => [
  hospiceAndPalliative,
  ['neuroradiology', 'Neuroradiology', ['neuro ir', 'neuro imaging']],
  ['nuclear-radiology', 'Nuclear Radiology', ['pet', 'nuc rad']],
  pain,
  ['pediatric-radiology', 'Pediatric Radiology', ['peds radiology', 'peds rads']],
];

export const SPECIALTIES: readonly SpecialtySeed[] = [
  {
    id: 'allergy-and-immunology',
    title: 'Allergy and Immunology',
    board: 'American Board of Allergy and Immunology',
    aliases: ['allergy', 'allergist', 'immunology', 'immunologist'],
    subSpecialties: [],
  },
  {
    id: 'anesthesiology',
    title: 'Anesthesiology',
    board: 'American Board of Anesthesiology',
    aliases: ['anesthesia', 'anaesthesia', 'anaesthesiology', 'anesthesiologist'],
    subSpecialties: [
      [
        'adult-cardiac-anesthesiology',
        'Adult Cardiac Anesthesiology',
        ['cardiac anesthesia', 'cardiothoracic anesthesia'],
      ],
      critical(['anesthesiology critical care']),
      hospiceAndPalliative,
      neurocritical,
      pain,
      ['pediatric-anesthesiology', 'Pediatric Anesthesiology', ['peds anesthesia', 'pediatric anesthesia']],
      sleep,
      addiction,
    ],
  },
  {
    id: 'colon-and-rectal-surgery',
    title: 'Colon and Rectal Surgery',
    board: 'American Board of Colon and Rectal Surgery',
    aliases: ['colorectal surgery', 'colorectal', 'crs', 'proctology'],
    subSpecialties: [],
  },
  {
    id: 'dermatology',
    title: 'Dermatology',
    board: 'American Board of Dermatology',
    aliases: ['derm', 'dermatologist', 'skin'],
    subSpecialties: [
      dermatopathology,
      ['micrographic-dermatologic-surgery', 'Micrographic Dermatologic Surgery', ['mohs', 'mohs surgery']],
      ['pediatric-dermatology', 'Pediatric Dermatology', ['peds derm']],
    ],
  },
  {
    id: 'emergency-medicine',
    title: 'Emergency Medicine',
    board: 'American Board of Emergency Medicine',
    aliases: ['em', 'er', 'ed', 'emergency room', 'emergency department', 'emergency physician'],
    subSpecialties: [
      ['emergency-medical-services', 'Emergency Medical Services', ['ems', 'prehospital']],
      critical(),
      hospiceAndPalliative,
      medicalToxicology,
      neurocritical,
      pain,
      ['pediatric-emergency-medicine', 'Pediatric Emergency Medicine', ['peds em', 'peds er', 'pem']],
      sports,
      undersea,
      addiction,
      leadership,
    ],
  },
  {
    id: 'family-medicine',
    title: 'Family Medicine',
    board: 'American Board of Family Medicine',
    aliases: ['fm', 'family practice', 'primary care', 'pcp', 'general practice', 'gp'],
    subSpecialties: [
      adolescent,
      geriatric,
      hospiceAndPalliative,
      pain,
      sleep,
      sports,
      hospitalMedicine,
      addiction,
    ],
  },
  {
    id: 'internal-medicine',
    title: 'Internal Medicine',
    board: 'American Board of Internal Medicine',
    aliases: ['im', 'general internal medicine', 'internist', 'primary care', 'pcp'],
    subSpecialties: [
      adolescent,
      ['adult-congenital-heart-disease', 'Adult Congenital Heart Disease', ['achd', ...CARDIOLOGY]],
      [
        'advanced-heart-failure-and-transplant-cardiology',
        'Advanced Heart Failure and Transplant Cardiology',
        ['heart failure', 'ahft', ...CARDIOLOGY],
      ],
      [
        'cardiovascular-disease',
        'Cardiovascular Disease',
        ['general cardiology', 'noninvasive cardiology', 'invasive cardiology', ...CARDIOLOGY],
      ],
      [
        'clinical-cardiac-electrophysiology',
        'Clinical Cardiac Electrophysiology',
        ['electrophysiology', 'ep', 'eps', ...CARDIOLOGY],
      ],
      critical(['pulmonary critical care', 'pccm']),
      [
        'endocrinology-diabetes-and-metabolism',
        'Endocrinology, Diabetes and Metabolism',
        ['endocrinology', 'endo', 'diabetes', 'endocrinologist'],
      ],
      ['gastroenterology', 'Gastroenterology', ['gi', 'gastroenterologist']],
      geriatric,
      ['hematology', 'Hematology', ['heme', 'hem onc', 'hematology oncology']],
      hospiceAndPalliative,
      ['infectious-disease', 'Infectious Disease', ['id', 'infectious diseases']],
      ['interventional-cardiology', 'Interventional Cardiology', ['cath lab', ...CARDIOLOGY]],
      [
        'medical-oncology',
        'Medical Oncology',
        ['oncology', 'onc', 'hem onc', 'hematology oncology', 'oncologist'],
      ],
      ['nephrology', 'Nephrology', ['renal', 'kidney', 'nephrologist']],
      neurocritical,
      ['pulmonary-disease', 'Pulmonary Disease', ['pulmonology', 'pulm', 'pulmonologist', 'pccm']],
      ['rheumatology', 'Rheumatology', ['rheum', 'rheumatologist']],
      sleep,
      sports,
      ['transplant-hepatology', 'Transplant Hepatology', ['hepatology', 'liver']],
      hospitalMedicine,
      addiction,
      clinicalInformatics,
    ],
  },
  {
    id: 'medical-genetics-and-genomics',
    title: 'Medical Genetics and Genomics',
    board: 'American Board of Medical Genetics and Genomics',
    aliases: ['genetics', 'geneticist', 'genomics', 'medical genetics'],
    subSpecialties: [
      ['clinical-biochemical-genetics', 'Clinical Biochemical Genetics', ['biochemical genetics']],
      ['clinical-genetics-and-genomics', 'Clinical Genetics and Genomics', ['clinical genetics']],
      ['laboratory-genetics-and-genomics', 'Laboratory Genetics and Genomics', ['laboratory genetics']],
      ['medical-biochemical-genetics', 'Medical Biochemical Genetics', ['metabolic genetics']],
      molecularGeneticPathology,
    ],
  },
  {
    id: 'neurological-surgery',
    title: 'Neurological Surgery',
    board: 'American Board of Neurological Surgery',
    aliases: ['neurosurgery', 'neurosurgeon', 'nsgy', 'spine surgery'],
    subSpecialties: [neurocritical],
  },
  {
    id: 'nuclear-medicine',
    title: 'Nuclear Medicine',
    board: 'American Board of Nuclear Medicine',
    aliases: ['nuc med', 'nuclear', 'molecular imaging', 'pet'],
    subSpecialties: [],
  },
  {
    id: 'obstetrics-and-gynecology',
    title: 'Obstetrics and Gynecology',
    board: 'American Board of Obstetrics and Gynecology',
    aliases: [
      'ob gyn',
      'obgyn',
      'obg',
      'ob',
      'gyn',
      'obstetrics',
      'gynecology',
      'gynaecology',
      'obstetrician',
      'gynecologist',
      "women's health",
    ],
    subSpecialties: [
      ['complex-family-planning', 'Complex Family Planning', ['family planning', 'cfp']],
      critical(),
      ['gynecologic-oncology', 'Gynecologic Oncology', ['gyn onc', 'gynonc']],
      hospiceAndPalliative,
      ['maternal-fetal-medicine', 'Maternal-Fetal Medicine', ['mfm', 'perinatology', 'high risk obstetrics']],
      [
        'reproductive-endocrinology-and-infertility',
        'Reproductive Endocrinology and Infertility',
        ['rei', 'infertility', 'ivf', 'fertility'],
      ],
      urogynecology,
    ],
  },
  {
    id: 'ophthalmology',
    title: 'Ophthalmology',
    board: 'American Board of Ophthalmology',
    aliases: ['ophtho', 'eye', 'ophthalmologist', 'eye surgery'],
    subSpecialties: [],
  },
  {
    id: 'orthopaedic-surgery',
    title: 'Orthopaedic Surgery',
    board: 'American Board of Orthopaedic Surgery',
    aliases: ['orthopedic surgery', 'orthopedics', 'orthopaedics', 'ortho', 'orthopedist', 'ortho surgery'],
    subSpecialties: [
      [
        'orthopaedic-sports-medicine',
        'Orthopaedic Sports Medicine',
        ['orthopedic sports medicine', 'sports'],
      ],
      handSurgery,
    ],
  },
  {
    id: 'otolaryngology-head-and-neck-surgery',
    title: 'Otolaryngology – Head and Neck Surgery',
    board: 'American Board of Otolaryngology – Head and Neck Surgery',
    aliases: ['ent', 'ear nose and throat', 'otolaryngologist', 'head and neck', 'oto', 'ohns'],
    subSpecialties: [
      ['complex-pediatric-otolaryngology', 'Complex Pediatric Otolaryngology', ['pediatric ent', 'peds ent']],
      ['neurotology', 'Neurotology', ['otology', 'skull base']],
      headAndNeckPlastics,
      sleep,
    ],
  },
  {
    id: 'pathology',
    title: 'Pathology',
    board: 'American Board of Pathology',
    aliases: ['path', 'pathologist', 'ap cp'],
    subSpecialties: [
      ['anatomic-and-clinical-pathology', 'Anatomic and Clinical Pathology', ['ap cp', 'ap/cp']],
      ['anatomic-pathology', 'Anatomic Pathology', ['ap', 'surgical pathology']],
      ['clinical-pathology', 'Clinical Pathology', ['cp', 'laboratory medicine']],
      [
        'blood-banking-transfusion-medicine',
        'Blood Banking/Transfusion Medicine',
        ['transfusion medicine', 'blood bank'],
      ],
      ['chemical-pathology', 'Chemical Pathology', ['clinical chemistry']],
      clinicalInformatics,
      ['cytopathology', 'Cytopathology', ['cytology']],
      dermatopathology,
      ['forensic-pathology', 'Forensic Pathology', ['medical examiner', 'forensics']],
      ['hematopathology', 'Hematopathology', ['hemepath']],
      ['medical-microbiology', 'Medical Microbiology', ['microbiology']],
      molecularGeneticPathology,
      ['neuropathology', 'Neuropathology', ['neuropath']],
      ['pediatric-pathology', 'Pediatric Pathology', ['peds path']],
    ],
  },
  {
    id: 'pediatrics',
    title: 'Pediatrics',
    board: 'American Board of Pediatrics',
    aliases: ['peds', 'paediatrics', 'pediatrician', 'general pediatrics', 'children'],
    subSpecialties: [
      adolescent,
      ['child-abuse-pediatrics', 'Child Abuse Pediatrics', ['child protection']],
      [
        'developmental-behavioral-pediatrics',
        'Developmental-Behavioral Pediatrics',
        ['developmental pediatrics', 'dbp'],
      ],
      hospiceAndPalliative,
      medicalToxicology,
      [
        'neonatal-perinatal-medicine',
        'Neonatal-Perinatal Medicine',
        ['neonatology', 'nicu', 'neonatologist'],
      ],
      neurodevelopmental,
      ['pediatric-cardiology', 'Pediatric Cardiology', ['peds cardiology', 'peds cards', ...CARDIOLOGY]],
      ['pediatric-critical-care-medicine', 'Pediatric Critical Care Medicine', ['picu', 'peds icu']],
      ['pediatric-emergency-medicine', 'Pediatric Emergency Medicine', ['peds em', 'peds er', 'pem']],
      ['pediatric-endocrinology', 'Pediatric Endocrinology', ['peds endo']],
      ['pediatric-gastroenterology', 'Pediatric Gastroenterology', ['peds gi']],
      ['pediatric-hematology-oncology', 'Pediatric Hematology-Oncology', ['peds hem onc', 'peds oncology']],
      [
        'pediatric-hospital-medicine',
        'Pediatric Hospital Medicine',
        ['peds hospitalist', 'pediatric hospitalist'],
      ],
      ['pediatric-infectious-diseases', 'Pediatric Infectious Diseases', ['peds id']],
      ['pediatric-nephrology', 'Pediatric Nephrology', ['peds renal']],
      ['pediatric-pulmonology', 'Pediatric Pulmonology', ['peds pulm']],
      ['pediatric-rheumatology', 'Pediatric Rheumatology', ['peds rheum']],
      ['pediatric-transplant-hepatology', 'Pediatric Transplant Hepatology', ['peds hepatology']],
      pediatricRehabilitation,
      sleep,
      sports,
      addiction,
    ],
  },
  {
    id: 'physical-medicine-and-rehabilitation',
    title: 'Physical Medicine and Rehabilitation',
    board: 'American Board of Physical Medicine and Rehabilitation',
    aliases: ['pm&r', 'pm r', 'pmr', 'physiatry', 'physiatrist', 'rehab', 'rehabilitation'],
    subSpecialties: [
      brainInjury,
      hospiceAndPalliative,
      neuromuscular,
      pain,
      pediatricRehabilitation,
      ['spinal-cord-injury-medicine', 'Spinal Cord Injury Medicine', ['sci']],
      sports,
    ],
  },
  {
    id: 'plastic-surgery',
    title: 'Plastic Surgery',
    board: 'American Board of Plastic Surgery',
    aliases: ['plastics', 'plastic and reconstructive surgery', 'cosmetic surgery', 'reconstructive surgery'],
    subSpecialties: [headAndNeckPlastics, handSurgery],
  },
  {
    id: 'preventive-medicine',
    title: 'Preventive Medicine',
    board: 'American Board of Preventive Medicine',
    aliases: ['prevmed', 'preventative medicine'],
    subSpecialties: [
      ['aerospace-medicine', 'Aerospace Medicine', ['aviation medicine', 'flight surgeon']],
      ['occupational-medicine', 'Occupational Medicine', ['occ med', 'occupational health', 'workers comp']],
      [
        'public-health-and-general-preventive-medicine',
        'Public Health and General Preventive Medicine',
        ['public health', 'mph'],
      ],
      addiction,
      clinicalInformatics,
      leadership,
      medicalToxicology,
      undersea,
    ],
  },
  {
    id: 'psychiatry',
    title: 'Psychiatry',
    board: 'American Board of Psychiatry and Neurology',
    aliases: ['psych', 'psychiatrist', 'behavioral health', 'mental health'],
    subSpecialties: [
      ['addiction-psychiatry', 'Addiction Psychiatry', ['addiction', 'substance use']],
      brainInjury,
      [
        'child-and-adolescent-psychiatry',
        'Child and Adolescent Psychiatry',
        ['child psychiatry', 'cap', 'pediatric psychiatry'],
      ],
      [
        'consultation-liaison-psychiatry',
        'Consultation-Liaison Psychiatry',
        ['psychosomatic medicine', 'cl psychiatry'],
      ],
      ['forensic-psychiatry', 'Forensic Psychiatry', ['forensics']],
      ['geriatric-psychiatry', 'Geriatric Psychiatry', ['geropsychiatry']],
      hospiceAndPalliative,
      pain,
      sleep,
    ],
  },
  {
    id: 'neurology',
    title: 'Neurology',
    board: 'American Board of Psychiatry and Neurology',
    aliases: ['neuro', 'neurologist', 'adult neurology'],
    subSpecialties: [
      brainInjury,
      clinicalNeurophysiology,
      epilepsy,
      hospiceAndPalliative,
      neurocritical,
      neurodevelopmental,
      neuromuscular,
      pain,
      sleep,
      vascularNeurology,
    ],
  },
  {
    id: 'child-neurology',
    title: 'Child Neurology',
    board: 'American Board of Psychiatry and Neurology',
    aliases: ['pediatric neurology', 'peds neuro', 'peds neurology'],
    subSpecialties: [
      brainInjury,
      clinicalNeurophysiology,
      epilepsy,
      hospiceAndPalliative,
      neurocritical,
      neurodevelopmental,
      neuromuscular,
      pain,
      sleep,
      vascularNeurology,
    ],
  },
  {
    id: 'diagnostic-radiology',
    title: 'Diagnostic Radiology',
    board: 'American Board of Radiology',
    aliases: ['radiology', 'radiologist', 'rads', 'dr', 'imaging'],
    subSpecialties: radiologySubspecialties(),
  },
  {
    id: 'interventional-radiology',
    title: 'Interventional Radiology',
    board: 'American Board of Radiology',
    aliases: [
      'ir',
      'interventional radiology and diagnostic radiology',
      'vascular and interventional radiology',
      'vir',
    ],
    subSpecialties: radiologySubspecialties(),
  },
  {
    id: 'radiation-oncology',
    title: 'Radiation Oncology',
    board: 'American Board of Radiology',
    aliases: ['rad onc', 'radonc', 'radiation therapy', 'oncology'],
    subSpecialties: [hospiceAndPalliative, pain],
  },
  {
    id: 'surgery',
    title: 'Surgery',
    board: 'American Board of Surgery',
    aliases: ['general surgery', 'gen surg', 'general surgeon', 'surgeon'],
    subSpecialties: [
      [
        'complex-general-surgical-oncology',
        'Complex General Surgical Oncology',
        ['surgical oncology', 'surg onc'],
      ],
      hospiceAndPalliative,
      ['pediatric-surgery', 'Pediatric Surgery', ['peds surgery']],
      handSurgery,
      [
        'surgical-critical-care',
        'Surgical Critical Care',
        ['critical care', 'trauma surgery', 'acute care surgery', 'sicu'],
      ],
    ],
  },
  {
    id: 'vascular-surgery',
    title: 'Vascular Surgery',
    board: 'American Board of Surgery',
    aliases: ['vascular', 'vascular surgeon', 'endovascular'],
    subSpecialties: [['surgical-critical-care', 'Surgical Critical Care', ['critical care', 'sicu']]],
  },
  {
    id: 'thoracic-and-cardiac-surgery',
    title: 'Thoracic and Cardiac Surgery',
    board: 'American Board of Thoracic Surgery',
    aliases: [
      'thoracic surgery',
      'cardiothoracic surgery',
      'cardiac surgery',
      'ct surgery',
      'cardiothoracic',
      'heart surgery',
    ],
    subSpecialties: [
      ['congenital-cardiac-surgery', 'Congenital Cardiac Surgery', ['pediatric cardiac surgery']],
    ],
  },
  {
    id: 'urology',
    title: 'Urology',
    board: 'American Board of Urology',
    aliases: ['uro', 'urologist'],
    subSpecialties: [['pediatric-urology', 'Pediatric Urology', ['peds urology']], urogynecology],
  },
];
