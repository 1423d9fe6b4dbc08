/** The board by keyboard: which stage an arrow leads to, where the card then sits, and what a screen reader hears. */
import { DEAL_STAGE_LABELS, type Deal, type DealStage } from '@wholesail/domain';
import { KeyboardCode, pointerWithin, type Active, type Announcements, type CollisionDetection, type KeyboardCoordinateGetter, type KeyboardSensorOptions, type Over } from '@dnd-kit/core';
import { BOARD_STAGES } from './board-deals';

/** Space or Enter picks a card up and drops it; Escape, or Tab away, puts it back. */
export const BOARD_KEYS: KeyboardSensorOptions['keyboardCodes'] = {
  start: [KeyboardCode.Space, KeyboardCode.Enter],
  cancel: [KeyboardCode.Esc, KeyboardCode.Tab],
  end: [KeyboardCode.Space, KeyboardCode.Enter],
};

const ARROWS: readonly string[] = [KeyboardCode.Left, KeyboardCode.Right, KeyboardCode.Up, KeyboardCode.Down];

/** Where the dragged card is "held": a little inside its top-left corner, as a hand would hold it. */
const GRIP = 12;

/** The stage an arrow leads to from `at`: left and right along the columns, down to the dead lane, up back to the deal's column. */
export function stageByArrow(code: string, at: DealStage, home: DealStage): DealStage | null {
  const i = BOARD_STAGES.indexOf(at);
  if (code === KeyboardCode.Right) return i >= 0 ? (BOARD_STAGES[i + 1] ?? null) : null;
  if (code === KeyboardCode.Left) return i > 0 ? BOARD_STAGES[i - 1]! : null;
  if (code === KeyboardCode.Down) return at === 'dead' ? null : 'dead';
  if (code === KeyboardCode.Up) return at !== 'dead' ? null : BOARD_STAGES.includes(home) ? home : BOARD_STAGES[0]!;
  return null;
}

const draggedDeal = (active: Active | null): Deal | undefined => active?.data.current?.deal as Deal | undefined;

/**
 * Arrows jump the held card to the next column (dnd-kit's default nudges it 25 px): at the same place in it as in
 * the column it leaves, so it does not hide the column's name, or at the top of the dead lane and back.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { context: { active, over, droppableRects, collisionRect } }) => {
  if (!ARROWS.includes(event.code)) return undefined;
  event.preventDefault(); // the page does not scroll under a held card
  const deal = draggedDeal(active);
  if (!deal || !collisionRect) return undefined;
  const at = (over?.id as DealStage | undefined) ?? deal.stage;
  const target = stageByArrow(event.code, at, deal.stage);
  const to = target && droppableRects.get(target);
  if (!to) return undefined;
  const from = droppableRects.get(at);
  if (!from || at === 'dead' || target === 'dead') return { x: to.left + GRIP / 2, y: to.top + GRIP / 2 };
  return { x: to.left + (collisionRect.left - from.left), y: to.top + (collisionRect.top - from.top) };
};

/** The column under the pointer; a card held by keyboard has no pointer, so its grip point stands in. */
export const columnUnderCard: CollisionDetection = (args) => {
  if (args.pointerCoordinates || !args.collisionRect) return pointerWithin(args);
  const { left, top } = args.collisionRect;
  return pointerWithin({ ...args, pointerCoordinates: { x: left + GRIP, y: top + GRIP } });
};

export const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move this deal, press Space to pick it up. Then use the left and right arrow keys to choose a stage, the down arrow for Dead and up to come back. ' +
    'Press Space again to drop it there, or Escape to put it back.',
};

const label = (over: Over | null) => (over ? DEAL_STAGE_LABELS[over.id as DealStage] : null);

/**
 * What the live region says at each step, by deal name and stage (dnd-kit's default reads out ids). A drag's first
 * "over" is the card's own column, at once: it would talk over "Picked up", so it is said only on coming back.
 */
export function boardAnnouncements(): Announcements {
  let left = false;
  return {
    onDragStart: ({ active }) => {
      left = false;
      const deal = draggedDeal(active);
      return deal && `Picked up ${deal.lead_name}, in ${DEAL_STAGE_LABELS[deal.stage]}.`;
    },
    onDragOver: ({ active, over }) => {
      const deal = draggedDeal(active);
      if (!deal) return undefined;
      if (over?.id === deal.stage) return left ? `${deal.lead_name} is back over ${label(over)}, where it is now.` : undefined;
      left = true;
      return over ? `${deal.lead_name} is over ${label(over)}.` : `${deal.lead_name} is not over a stage.`;
    },
    onDragEnd: ({ active, over }) => {
      const deal = draggedDeal(active);
      if (!deal) return undefined;
      return !over || over.id === deal.stage ? `${deal.lead_name} stays in ${DEAL_STAGE_LABELS[deal.stage]}.` : `Dropped ${deal.lead_name} on ${label(over)}.`;
    },
    onDragCancel: ({ active }) => {
      const deal = draggedDeal(active);
      return deal && `Move cancelled. ${deal.lead_name} stays in ${DEAL_STAGE_LABELS[deal.stage]}.`;
    },
  };
}
