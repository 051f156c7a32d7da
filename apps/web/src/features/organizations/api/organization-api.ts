import type { TUser } from '@medhire/contract/account';
import type { TAccountEmailData, TResetPasswordBody, TUpdateFullNameBody } from '@medhire/contract/auth';
import type {
  TArchiveProfileData,
  TGetOrganizationData,
  TOrganizationUpdateData,
  TUpdateEmailBody,
  TUpdateOrgDetailsBody,
  TUpdateProfileBody,
  TVerifyUpdateEmailOtpBody,
  TVerifyUpdateEmailOtpData,
} from '@medhire/contract/organization';
import {
  IMAGE_UPLOAD_FIELD,
  MEDIA_UPLOAD_FIELD,
  type TUploadedImage,
  type TUploadedMediaList,
} from '@medhire/contract/uploads';
import { http } from '../../../lib/http.ts';
import { type UploadOptions, upload } from '../../../lib/upload.ts';

const auth = (path: string, userId: string) => `/employer/auth${path}/${encodeURIComponent(userId)}`;

export const organizationApi = {
  getOrganization: (userId: string, signal?: AbortSignal) =>
    http.get<TGetOrganizationData>(auth('/v1/get-organization', userId), { signal }),
  updateOrgDetails: (userId: string, body: TUpdateOrgDetailsBody) =>
    http.patch<TOrganizationUpdateData>(auth('/v1/update-orgdetails', userId), body),
  updateProfile: (userId: string, body: TUpdateProfileBody) =>
    http.patch<TOrganizationUpdateData>(auth('/v1/update-profile', userId), body),
  updateCurrentProfileStep: (userId: string, currentProfileStep: number) =>
    http.patch<TUser>(auth('/v1/update-current-profile-step', userId), { currentProfileStep }),
  updateFullName: (userId: string, body: TUpdateFullNameBody) =>
    http.patch<TUser>(auth('/v1/update-full-name', userId), body),
  updateEmail: (userId: string, body: TUpdateEmailBody) =>
    http.post<TAccountEmailData>(auth('/v1/update-email', userId), body),
  verifyUpdateEmailOtp: (userId: string, body: TVerifyUpdateEmailOtpBody) =>
    http.post<TVerifyUpdateEmailOtpData>(auth('/v1/verify-otp-update-email', userId), body),
  resetPassword: (userId: string, body: TResetPasswordBody) =>
    http.post<TAccountEmailData>(auth('/v1/reset-password', userId), body),
  archiveProfile: (userId: string) => http.patch<TArchiveProfileData>(auth('/v1/archive-profile', userId)),
  uploadImage: (file: File, options?: UploadOptions) => {
    const form = new FormData();
    form.append(IMAGE_UPLOAD_FIELD, file);
    return upload<TUploadedImage>('/uploader/upload-single-image', form, options);
  },
  /** One file per request, so every file has its own progress bar (the field can repeat). */
  uploadMedia: (file: File, options?: UploadOptions) => {
    const form = new FormData();
    form.append(MEDIA_UPLOAD_FIELD, file);
    return upload<TUploadedMediaList>('/uploader/upload-multiple-imgs-videos', form, options);
  },
};
