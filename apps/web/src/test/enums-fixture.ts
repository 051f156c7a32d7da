import type { TEnums } from '@medhire/contract/enums';

/** A small but consistent slice of the reference data, for forms that draw choices from it. */
export function makeEnums(): TEnums {
  const specialties = [
    { _id: 'cardiology', title: 'Cardiology' },
    { _id: 'family-medicine', title: 'Family Medicine' },
  ];
  const subSpecialties = [
    { _id: 'interventional-cardiology', specialtyId: 'cardiology', title: 'Interventional Cardiology' },
    { _id: 'heart-failure', specialtyId: 'cardiology', title: 'Advanced Heart Failure' },
    { _id: 'sports-medicine-fm', specialtyId: 'family-medicine', title: 'Sports Medicine' },
  ];
  return {
    dataVersion: 'test-1',
    specialties,
    subSpecialties,
    specialtiesAndSubSpecialty: specialties.map((specialty) => ({
      ...specialty,
      subSpecialties: subSpecialties.filter((entry) => entry.specialtyId === specialty._id),
    })),
    employmentType: [{ _id: 'full-time', title: 'Full-time' }],
    bonus: [{ _id: 'signing', title: 'Signing bonus' }],
    fringeBenefits: [{ _id: 'cme', title: 'CME allowance' }],
    requiredQualification: [{ _id: 'board-certified', title: 'Board certified' }],
    boardStatus: [
      { _id: 'board-certified', title: 'Board certified' },
      { _id: 'board-eligible', title: 'Board eligible' },
    ],
    jobTypes: [{ _id: 'permanent', title: 'Permanent' }],
    practiceType: [
      { _id: 'private-practice', title: 'Private practice' },
      { _id: 'hospital-employed', title: 'Hospital-employed group' },
    ],
    reasonForJobOpportunity: [{ _id: 'growth', title: 'Practice growth' }],
  };
}
