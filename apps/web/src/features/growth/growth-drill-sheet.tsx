import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DrillPages } from '@/features/analytics/drill-sheet';
import { useGrowthDrill, type GrowthDrillTarget } from './growth-api';

type Props = { target: GrowthDrillTarget | null; timeZone: string; onClose: () => void };

/** "Why this number" on the growth screen: the leads or deals behind a figure, from the side, a page at a time. */
export function GrowthDrillSheet({ target, timeZone, onClose }: Props) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <DialogContent className="top-0 right-0 left-auto flex h-dvh w-full max-w-lg translate-x-0 translate-y-0 flex-col gap-0 rounded-none p-0 sm:rounded-l-xl">
          <div className="grid gap-1.5 border-b p-6 pr-12">
            <DialogTitle>{target.title}</DialogTitle>
            <DialogDescription>{target.scope}</DialogDescription>
          </div>
          <Records key={JSON.stringify(target.params)} target={target} timeZone={timeZone} onOpen={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function Records({ target, timeZone, onOpen }: { target: GrowthDrillTarget; timeZone: string; onOpen: () => void }) {
  const drill = useGrowthDrill(target);
  return <DrillPages drill={drill} empty="Nothing stands behind this number: it counts no lead or deal." timeZone={timeZone} onOpen={onOpen} />;
}
