import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@vahub/shared/auth/endpoints';
import { call } from '../../../lib/api-client';

/** `POST /api/v1/email/send-verification`: a fresh link; the message says whether one was sent. */
export const sendVerification = () => call(authEndpoints.sendVerification, {});

export const useSendVerification = () => useMutation({ mutationFn: sendVerification });
