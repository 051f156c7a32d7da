import type { TEnums } from '@medhire/contract/enums';
import { http } from '../../../lib/http.ts';

export const enumsApi = {
  getAllEnums: () => http.get<TEnums>('/enums/get-all-enums'),
};
