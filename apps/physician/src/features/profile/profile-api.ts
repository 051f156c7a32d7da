import type { TLicenseBody, TPhysicianProfile, TPhysicianProfileBody } from '@medhire/contract/physicians';
import { CV_UPLOAD_FIELD } from '@medhire/contract/physicians';
import { IMAGE_UPLOAD_FIELD, type TUploadedImage } from '@medhire/contract/uploads';
import { api } from '../../lib/api.ts';
import { profileUpdated } from '../../lib/session-slice.ts';

function fileForm(field: string, file: File): FormData {
  const form = new FormData();
  form.append(field, file);
  return form;
}

/** The license calls answer the whole profile: it replaces the cached one. */
async function keepProfile(
  queryFulfilled: Promise<{ data: TPhysicianProfile }>,
  dispatch: (action: unknown) => unknown,
) {
  const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
  if (!data) return;
  dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
  dispatch(profileUpdated(data));
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    addLicense: build.mutation<TPhysicianProfile, TLicenseBody>({
      query: (body) => ({ path: '/employee/profile/add-license', method: 'POST', body }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => keepProfile(queryFulfilled, dispatch),
    }),
    updateLicense: build.mutation<TPhysicianProfile, { licenseId: string; body: TLicenseBody }>({
      query: ({ licenseId, body }) => ({
        path: `/employee/profile/update-license/${encodeURIComponent(licenseId)}`,
        method: 'PATCH',
        body,
      }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepProfile(queryFulfilled, dispatch),
    }),
    deleteLicense: build.mutation<TPhysicianProfile, string>({
      query: (licenseId) => ({
        path: `/employee/profile/delete-license/${encodeURIComponent(licenseId)}`,
        method: 'DELETE',
      }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keepProfile(queryFulfilled, dispatch),
    }),
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

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUploadCvMutation,
  useUploadPhotoMutation,
  useAddLicenseMutation,
  useUpdateLicenseMutation,
  useDeleteLicenseMutation,
} = profileApi;
