import type { TEnums } from '@medhire/contract/enums';

export const enums: TEnums = {
  dataVersion: 'test',
  specialties: [{ _id: 'family-medicine', title: 'Family Medicine' }],
  subSpecialties: [{ _id: 'sports-medicine', specialtyId: 'family-medicine', title: 'Sports Medicine' }],
  specialtiesAndSubSpecialty: [],
  employmentType: [{ _id: 'full-time', title: 'Full-time' }],
  bonus: [],
  fringeBenefits: [],
  requiredQualification: [],
  boardStatus: [{ _id: 'board-certified', title: 'Board certified' }],
  jobTypes: [],
  practiceType: [],
  reasonForJobOpportunity: [{ _id: 'growth', title: 'Practice growth' }],
};
