import { BookOpenIcon } from 'lucide-react';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type Example = { title: string; scope: string; command: string };

/** The guide's requests, written for this server's address (what the browser reached it at). */
export function guideExamples(origin: string): Example[] {
  const auth = '-H "Authorization: Bearer $WHOLESAIL_API_KEY"';
  return [
    { title: 'List your newest leads', scope: 'leads:read', command: `curl ${auth} \\\n  "${origin}/api/leads?limit=25"` },
    {
      title: 'Add a lead',
      scope: 'leads:write',
      command: `curl -X POST ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"owner_1_name":"Jane Seller","property_address":"12 Mirror Ave","contact_1_phone1":"5125550100"}' \\\n  "${origin}/api/leads"`,
    },
    {
      title: 'Text a lead (the same compliance checks as the app)',
      scope: 'texts:write',
      command: `curl -X POST ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"lead_id":"LEAD_ID","body":"Hi Jane, still thinking of selling?"}' \\\n  "${origin}/api/conversations"`,
    },
    { title: 'Deals under contract', scope: 'deals:read', command: `curl ${auth} \\\n  "${origin}/api/deals?stage=under_contract"` },
    {
      title: 'Verify a webhook in Node',
      scope: 'npm i standardwebhooks',
      command: [
        "import { Webhook } from 'standardwebhooks';",
        '// the endpoint\'s signing secret (whsec_…), and the raw request body',
        'const wh = new Webhook(process.env.WHOLESAIL_WEBHOOK_SECRET);',
        "const event = wh.verify(rawBody, req.headers); // throws if forged or older than 5 minutes",
        "if (event.type === 'lead.created') { /* … */ }",
      ].join('\n'),
    },
  ];
}

/** A short guide: how a key is sent, a few requests to copy, and the full reference. */
export function ApiGuide({ origin = window.location.origin }: { origin?: string }) {
  return (
    <section className="grid gap-3" aria-labelledby="api-guide-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="api-guide-title" className="text-lg font-semibold">Quick start</h2>
          <p className="text-sm text-muted-foreground">
            Send the key as <code className="font-mono text-xs">Authorization: Bearer wsk_…</code>. A key may make 600 requests a minute; answers are JSON, errors{' '}
            <code className="font-mono text-xs">{'{"error":{"code","message"}}'}</code>.
          </p>
        </div>
        <Button asChild variant="outline">
          <a href="/api/docs" target="_blank" rel="noreferrer">
            <BookOpenIcon aria-hidden /> API reference
          </a>
        </Button>
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        {guideExamples(origin).map((ex) => (
          <Card key={ex.title} className="min-w-0">
            <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 pb-2">
              <CardTitle className="text-sm">
                {ex.title} <span className="font-mono text-xs font-normal text-muted-foreground">({ex.scope})</span>
              </CardTitle>
              <CopyButton text={ex.command} aria-label={`Copy: ${ex.title}`} />
            </CardHeader>
            <CardContent>
              <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed">{ex.command}</pre>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
