import { errorMessage } from '../../apollo/errors';
import type { ToastInput } from '../../components/toast';
import { ADMIN_TEXTS } from './adminTexts';

/** The toast for a failed admin action: its title, and the server's message or the network fallback. */
export function failureToast(title: string, error: unknown): ToastInput {
  return { title, description: errorMessage(error, ADMIN_TEXTS.tryAgain), severity: 'error' };
}
