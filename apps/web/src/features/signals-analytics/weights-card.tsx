import { WEIGHT_MIN_OUTCOMES, type SignalWeight, type SignalWeights } from '@wholesail/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { MISSING } from '@/features/analytics/figure-format';
import { liftText, TOO_FEW } from './signals-format';

const BASIS_WORDS = { contract: 'contract rate', offer: 'appointment or offer rate' } as const;

/** What the suggestions rest on, in a sentence. */
export function weightsSentence(weights: SignalWeights, minSample: number): string {
  const rule = 'The composite score keeps its fixed points: they are the rule that ranks your Top 10.';
  if (weights.basis === null) {
    return `${rule} Suggestions from your own results appear once at least ${WEIGHT_MIN_OUTCOMES} of your leads have an appointment or offer.`;
  }
  return `${rule} Beside them, the same points shared out by how much each signal lifted your ${BASIS_WORDS[weights.basis]}; a signal needs ${minSample} leads to be judged.`;
}

const suggestedText = (w: SignalWeight, basis: SignalWeights['basis']) => {
  if (w.suggested !== null) return String(w.suggested);
  return basis !== null && !w.enough ? TOO_FEW : MISSING;
};

/** The score's fixed points beside the points the team's outcomes suggest. */
export function WeightsCard({ weights, minSample }: { weights: SignalWeights; minSample: number }) {
  return (
    <Card className="min-w-0 gap-0">
      <CardHeader className="grid gap-1 p-4 pb-2">
        <CardTitle className="text-base">Score weights</CardTitle>
        <CardDescription>{weightsSentence(weights, minSample)}</CardDescription>
      </CardHeader>
      <CardContent className="p-2 pt-0">
        <Table aria-label="Score weights">
          <TableHeader>
            <TableRow>
              <TableHead>Signal</TableHead>
              <TableHead className="text-right">Score points</TableHead>
              <TableHead className="text-right">Your results suggest</TableHead>
              <TableHead className="text-right">Lift</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {weights.items.map((w) => (
              <TableRow key={w.key} aria-label={w.label}>
                <TableCell className="font-medium">{w.label}</TableCell>
                <TableCell label="Score points" className="text-right tabular-nums">{w.fixed}</TableCell>
                <TableCell label="Your results suggest" className="text-right tabular-nums">{suggestedText(w, weights.basis)}</TableCell>
                <TableCell label="Lift" className="text-right tabular-nums">{liftText(w.lift)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
