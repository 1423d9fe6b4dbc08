import { PlugIcon } from 'lucide-react';
import { SectionState } from '@/components/section-state';
import { EmptyCard } from '@/components/ui/empty-card';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { IntegrationCard } from './integration-card';
import { useIntegrations } from './integrations-api';
import { ONLY_ADMINS_TEST } from './test-connection';

/** /integrations: every outside service the server knows, configured or on its local fallback, with its last calls and a test. */
export function IntegrationsPage() {
  const me = useMe();
  const canTest = me.data ? canManageOrganization(me.data.role) : false;
  const integrations = useIntegrations();
  return (
    <div className="grid min-w-0 gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Integrations</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The outside services this server uses, whether each is configured, and how its last calls for your organization went. They are configured
          by the server’s environment variables, named on each card; a service without them runs its local fallback.
        </p>
        {me.data && !canTest && <p className="mt-2 text-sm text-muted-foreground">{ONLY_ADMINS_TEST}</p>}
      </header>
      <SectionState query={integrations} empty={<EmptyCard icon={PlugIcon} title="No integrations" text="This server knows no outside services." />}>
        {(items) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {items.map((integration) => (
              <IntegrationCard key={integration.id} integration={integration} canTest={canTest} />
            ))}
          </div>
        )}
      </SectionState>
    </div>
  );
}
