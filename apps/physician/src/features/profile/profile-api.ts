import type { TPhysicianProfile, TPhysicianProfileBody } from '@medhire/contract/physicians';
import { CV_UPLOAD_FIELD } from '@medhire/contract/physicians';
import { IMAGE_UPLOAD_FIELD, type TUploadedImage } from '@medhire/contract/uploads';
import { api } from '../../lib/api.ts';

function fileForm(field: string, file: File): FormData {
  const form = new FormData();
  form.append(field, file);
  return form;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<TPhysicianProfile, void>({
      query: () => ({ path: '/employee/profile/get-profile' }),
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<TPhysicianProfile, TPhysicianProfileBody>({
      query: (body) => ({ path: '/employee/profile/update-profile', method: 'PATCH', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
    uploadCv: build.mutation<TPhysicianProfile, File>({
      query: (file) => ({
        path: '/employee/profile/upload-cv',
        method: 'POST',
        body: fileForm(CV_UPLOAD_FIELD, file),
      }),
      async onQueryStarted(_file, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
    uploadPhoto: build.mutation<TUploadedImage, File>({
      query: (file) => ({
        path: '/employee/profile/upload-photo',
        method: 'POST',
        body: fileForm(IMAGE_UPLOAD_FIELD, file),
      }),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useUploadCvMutation, useUploadPhotoMutation } =
  profileApi;
