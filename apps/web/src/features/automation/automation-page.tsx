import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { RulesSection } from './rules/rules-section';
import { SequencesSection } from './sequences-section';

/** The tabs of /automation: ?tab=rules, else sequences. */
type AutomationTab = 'sequences' | 'rules';

/** /automation: follow-up sequences, and the rules that act on leads (and enrol them) by themselves. */
export function AutomationPage() {
  const [params, setParams] = useSearchParams();
  const tab: AutomationTab = params.get('tab') === 'rules' ? 'rules' : 'sequences';
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Automation</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Follow up with every lead on time without breaking the law: each text waits for the lead’s calling hours, and every step the machine takes is explained on the lead.
        </p>
      </header>
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'rules' ? { tab: 'rules' } : {}, { replace: true })}>
        <TabsList>
          <TabsTrigger value="sequences">Sequences</TabsTrigger>
          <TabsTrigger value="rules">Rules</TabsTrigger>
        </TabsList>
        <TabsContent value="sequences" className="pt-4">
          <SequencesSection />
        </TabsContent>
        <TabsContent value="rules" className="pt-4">
          <RulesSection />
        </TabsContent>
      </Tabs>
    </div>
  );
}
