import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@vahub/shared/auth/endpoints';
import type { RegisterInput } from '@vahub/shared/auth/schemas';
import { call } from '../../../lib/api-client';

export type RegisterPayload = Required<RegisterInput>;

/** `POST /api/v1/register`: the organization, its owner and the verification mail. */
export const register = (body: RegisterPayload) => call(authEndpoints.register, { body });

export const useRegister = () => useMutation({ mutationFn: register });
