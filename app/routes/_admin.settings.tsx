import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EmptyState, PageHeader } from '~/components/page-header';
import { currentSeason } from '~/domain/season';
import { requireUser } from '~/utils/auth.server';
import { db } from '~/utils/db.server';

export const meta: MetaFunction = () => [{ title: 'Settings' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const season = currentSeason();
  return json({ count: await db.user.count(), season });
}

export default function Page() {
  const { count } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Settings" />
      {count === 0 ? <EmptyState>No users.</EmptyState> : <p>{count} records.</p>}
    </div>
  );
}
