import { useNavigation } from '@remix-run/react';

type Submission = { state: 'idle' | 'submitting' | 'loading'; formMethod?: string; formData?: FormData };

/**
 * Is a form of this page being sent? With `intent`, only the form whose `intent` field has that value (the
 * dialog's Delete, not the Save of the form beside it). `state: 'non-idle'` also counts the page loading what the
 * submission led to (a button that stays busy until the redirect has landed). `fetcher` asks about that fetcher's
 * submission instead of the page's. A conform intent button (`__intent__`: validate one field…) sends nothing.
 */
export function useIsPending({
  intent,
  state = 'submitting',
  fetcher,
}: { intent?: string; state?: 'submitting' | 'non-idle'; fetcher?: Submission } = {}): boolean {
  const navigation = useNavigation();
  const pending: Submission = fetcher ?? navigation;
  const active = state === 'submitting' ? pending.state === 'submitting' : pending.state !== 'idle';
  if (!active || !pending.formMethod || pending.formMethod.toUpperCase() === 'GET') return false;
  if (pending.formData?.has('__intent__')) return false;
  return intent === undefined || pending.formData?.get('intent') === intent;
}
