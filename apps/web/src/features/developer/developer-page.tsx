import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { ApiGuide } from './api-guide';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

/** /developer: API keys, webhook endpoints and a short guide to the API. */
export function DeveloperPage() {
  const me = useMe();
  const canManage = me.data ? canManageOrganization(me.data.role) : false;
  return (
    <div className="grid min-w-0 gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Developer</h1>
        <p className="mt-1 text-sm text-muted-foreground">Connect Wholesail to your CRM, Zapier, Make or your own scripts with API keys and webhooks.</p>
      </header>
      <ApiKeysSection canManage={canManage} />
      <WebhooksSection canManage={canManage} />
      <ApiGuide />
    </div>
  );
}
