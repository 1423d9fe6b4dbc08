import { DEAL_STAGE_LABELS, formatUsd, type Deal, type DealStage } from '@wholesail/domain';
import { DndContext, DragOverlay, KeyboardSensor, MouseSensor, TouchSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '@/lib/utils';
import { NativeSelect } from '@/components/ui/input';
import { BOARD_STAGES, dealsInStage } from './board-deals';
import { boardAnnouncements, BOARD_KEYS, columnCoordinates, columnUnderCard, SCREEN_READER_INSTRUCTIONS } from './board-keyboard';
import { DealCard, dealFee } from './deal-card';

export type BoardProps = {
  deals: readonly Deal[];
  totals: Partial<Record<DealStage, number>>;
  onMove: (deal: Deal, stage: DealStage) => void;
  movingId: string | null;
};

const feeSum = (deals: readonly Deal[]) => deals.reduce((sum, deal) => sum + (dealFee(deal) ?? 0), 0);

/** "3 deals · $24,000 in fees", and, where only the latest are shown, how many there are in all. */
export function stageSummary(stage: DealStage, deals: readonly Deal[], totals: BoardProps['totals']): string {
  const total = Math.max(totals[stage] ?? 0, deals.length);
  const count = `${total} ${total === 1 ? 'deal' : 'deals'}`;
  const fees = feeSum(deals);
  const shown = total > deals.length ? ` (latest ${deals.length} shown)` : '';
  return `${count}${fees > 0 ? ` · ${formatUsd(fees)} in fees` : ''}${shown}`;
}

/** The id of the deal last dropped by keyboard: its card takes the focus back wherever it lands. */
type Refocus = RefObject<string | null>;
type LaneProps = Omit<BoardProps, 'deals'> & { deals: Deal[]; refocus: Refocus };

/**
 * A card: dragged from anywhere on it, or focused and moved by keyboard (the card itself, not the link or menu inside
 * it, picks up on Space).
 */
function DraggableCard({ deal, onMove, movingId, refocus }: Pick<LaneProps, 'onMove' | 'movingId' | 'refocus'> & { deal: Deal }) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: deal.id,
    data: { deal },
    attributes: { role: 'article', roleDescription: 'movable deal' },
  });
  const card = useRef<HTMLElement | null>(null);
  // Moved to another column, the card is a new element: it takes the focus back unless something else has it.
  useEffect(() => {
    if (refocus.current === deal.id && (document.activeElement === null || document.activeElement === document.body)) card.current?.focus();
  }, [deal.id, refocus]);
  return (
    <li ref={setNodeRef} {...listeners} className={cn('cursor-grab touch-manipulation', isDragging && 'opacity-40')}>
      <DealCard
        ref={(node) => {
          card.current = node;
          setActivatorNodeRef(node);
        }}
        {...attributes}
        onBlur={(event) => {
          if (event.relatedTarget && refocus.current === deal.id) refocus.current = null;
        }}
        className="outline-none focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:ring-offset-1"
        deal={deal}
        onMove={onMove}
        moving={movingId === deal.id}
      />
    </li>
  );
}

function Column({ stage, deals, totals, onMove, movingId, refocus }: LaneProps & { stage: DealStage }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  return (
    <section
      ref={setNodeRef}
      aria-label={DEAL_STAGE_LABELS[stage]}
      className={cn('grid min-w-0 content-start gap-2 rounded-xl border border-transparent bg-muted/60 p-2 transition-colors', isOver && 'border-primary/40 bg-primary/5')}
    >
      <header className="px-1 pt-1">
        <h2 className="text-sm font-semibold">{DEAL_STAGE_LABELS[stage]}</h2>
        <p className="text-xs text-muted-foreground">{stageSummary(stage, deals, totals)}</p>
      </header>
      {deals.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-6 text-center text-xs text-muted-foreground">No deals</p>
      ) : (
        <ul className="grid gap-2">
          {deals.map((deal) => (
            <DraggableCard key={deal.id} deal={deal} onMove={onMove} movingId={movingId} refocus={refocus} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Dead deals: a drop target while dragging, their cards on request. */
function DeadLane({ deals, totals, onMove, movingId, refocus }: LaneProps) {
  const { setNodeRef, isOver } = useDroppable({ id: 'dead' });
  const [open, setOpen] = useState(false);
  const Chevron = open ? ChevronDownIcon : ChevronRightIcon;
  return (
    <section
      ref={setNodeRef}
      aria-label={DEAL_STAGE_LABELS.dead}
      className={cn('grid gap-2 rounded-xl border border-dashed p-2', isOver && 'border-destructive/60 bg-destructive/5')}
    >
      <button type="button" className="flex items-center gap-2 px-1 text-left text-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Chevron className="size-4 text-muted-foreground" aria-hidden />
        <span className="font-semibold">Dead</span>
        <span className="text-xs text-muted-foreground">{stageSummary('dead', deals, totals)} · drop a card here to mark it dead</span>
      </button>
      {open && deals.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {deals.map((deal) => (
            <DraggableCard key={deal.id} deal={deal} onMove={onMove} movingId={movingId} refocus={refocus} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The pipeline board: drag a card to another column (mouse, a long press on touch, or the keyboard: Space, arrows,
 * Space) or use its Move to… menu. A drop goes through the same stage move as the menu.
 */
export function DealBoard({ deals, totals, onMove, movingId }: BoardProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
    useSensor(KeyboardSensor, { keyboardCodes: BOARD_KEYS, coordinateGetter: columnCoordinates }),
  );
  const [active, setActive] = useState<Deal | null>(null);
  const refocus = useRef<string | null>(null);
  const [announcements] = useState(boardAnnouncements);

  const onDragEnd = ({ active: dragged, over, activatorEvent }: DragEndEvent) => {
    setActive(null);
    const deal = dragged.data.current?.deal as Deal | undefined;
    if (!deal || !over || over.id === deal.stage) return;
    if (activatorEvent instanceof KeyboardEvent) refocus.current = deal.id;
    onMove(deal, over.id as DealStage);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnUnderCard}
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
      onDragStart={({ active: dragged }) => {
        refocus.current = null;
        setActive((dragged.data.current?.deal as Deal | undefined) ?? null);
      }}
      onDragCancel={() => setActive(null)}
      onDragEnd={onDragEnd}
    >
      <div className="grid gap-3">
        <div className="grid auto-cols-[minmax(10.5rem,1fr)] grid-flow-col gap-2 overflow-x-auto pb-1" aria-label="Pipeline board">
          {BOARD_STAGES.map((stage) => (
            <Column key={stage} stage={stage} deals={dealsInStage(deals, stage)} totals={totals} onMove={onMove} movingId={movingId} refocus={refocus} />
          ))}
        </div>
        <DeadLane deals={dealsInStage(deals, 'dead')} totals={totals} onMove={onMove} movingId={movingId} refocus={refocus} />
      </div>
      <DragOverlay>{active && <DealCard deal={active} onMove={onMove} dragging />}</DragOverlay>
    </DndContext>
  );
}

/** A phone's board: one stage at a time, picked from a list that says how many deals each holds. */
export function StagePickerBoard({ deals, totals, onMove, movingId }: BoardProps) {
  const [stage, setStage] = useState<DealStage>('analyzing');
  const inStage = dealsInStage(deals, stage);
  return (
    <div className="grid gap-3">
      <label className="grid gap-1.5 text-sm font-medium">
        Stage
        <NativeSelect value={stage}
          onChange={(event) => setStage(event.target.value as DealStage)}
        >
          {[...BOARD_STAGES, 'dead' as const].map((s) => (
            <option key={s} value={s}>
              {DEAL_STAGE_LABELS[s]} ({Math.max(totals[s] ?? 0, dealsInStage(deals, s).length)})
            </option>
          ))}
        </NativeSelect>
      </label>
      <p className="text-xs text-muted-foreground">{stageSummary(stage, inStage, totals)}</p>
      {inStage.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-8 text-center text-sm text-muted-foreground">No deals in {DEAL_STAGE_LABELS[stage]}.</p>
      ) : (
        <ul className="grid gap-2" aria-label={DEAL_STAGE_LABELS[stage]}>
          {inStage.map((deal) => (
            <li key={deal.id}>
              <DealCard deal={deal} onMove={onMove} moving={movingId === deal.id} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
