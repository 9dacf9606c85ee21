// The cell and step board (spec document 2 §4.3): the study's cells and steps as a keyed resource,
// the options of each step type, and one mutation per kind of change. Every change reloads the
// board when it is done (the server holds the order; nothing is kept locally).
import { put } from 'redux-saga/effects';
import {
  fetchBoard, fetchCachePage, fetchStepOptions, postCachePageOrder, postCreateCell, postCreateStep, postDeleteStep,
  postDuplicateCell, postEditCell, postEditStep, postStepOrder, postUnlock,
  type BoardCell, type BoardOverview, type CachePage, type CreateStepBody, type EditStepBody, type OptionType, type StepOption,
} from '../api/board';
import { fetchLookupList, type LookupItem } from '../api/lookups';
import type { ApiConfig } from '../api/client';
import { createResource } from '../resource/resource';
import { createMutation, type MutationContext } from '../resource/mutation';

export const boardOverview = createResource<number, BoardOverview>({
  name: 'board/overview',
  fetch: (api, studyId) => fetchBoard(api, studyId),
});

export const stepOptions = createResource<{ studyId: number; stepType: OptionType }, StepOption[]>({
  name: 'board/step-options',
  fetch: (api, p) => fetchStepOptions(api, p.studyId, p.stepType),
});

export const nextButtonTypes = createResource<void, LookupItem[]>({
  name: 'board/next-button-types',
  once: true,
  fetch: (api) => fetchLookupList(api, 'nextbuttontypes_list'),
});

/** The order the board shows for a cell, as the reorder call takes it. */
export const cellOrder = (cell: Pick<BoardCell, 'cell_id' | 'step_data'>, ids = cell.step_data.map((s) => s.step_order_id)) =>
  ({ [String(cell.cell_id)]: ids.map((step_order_id, index) => ({ index, step_order_id })) });

export type BoardChange =
  | { kind: 'unlock'; studyId: number; allow: boolean }
  | { kind: 'reorder'; studyId: number; cellId: number; ids: number[] }
  | { kind: 'add-step'; studyId: number; cell: Pick<BoardCell, 'cell_id' | 'step_data'>; body: CreateStepBody }
  | { kind: 'delete-step'; studyId: number; cell: Pick<BoardCell, 'cell_id' | 'step_data'>; stepOrderId: number }
  | { kind: 'edit-step'; studyId: number; body: EditStepBody }
  | { kind: 'add-cell'; studyId: number; cellName: string; shortName: string }
  | { kind: 'rename-cell'; studyId: number; cellId: number; cellName: string; shortName: string }
  | { kind: 'duplicate-cell'; studyId: number; cellId: number };

export interface BoardChangeResult {
  kind: BoardChange['kind'];
  cellId?: number;
  stepOrderId?: number;
}

async function change(api: ApiConfig, c: BoardChange): Promise<BoardChangeResult> {
  switch (c.kind) {
    case 'unlock':
      await postUnlock(api, c.studyId, c.allow);
      return { kind: c.kind };
    case 'reorder':
      await postStepOrder(api, c.studyId, cellOrder({ cell_id: c.cellId, step_data: [] }, c.ids));
      return { kind: c.kind };
    case 'add-step': {
      // As the legacy board did (D2-093): the cell's current order first, then the new step.
      await postStepOrder(api, c.studyId, cellOrder(c.cell));
      const made = await postCreateStep(api, c.studyId, c.body);
      return { kind: c.kind, cellId: c.cell.cell_id, stepOrderId: made.step_order_id };
    }
    case 'delete-step':
      await postStepOrder(api, c.studyId, cellOrder(c.cell));
      await postDeleteStep(api, c.studyId, c.stepOrderId);
      return { kind: c.kind };
    case 'edit-step':
      await postEditStep(api, c.studyId, c.body);
      return { kind: c.kind };
    case 'add-cell': {
      const made = await postCreateCell(api, c.studyId, c.cellName, c.shortName);
      return { kind: c.kind, cellId: made.cell_id };
    }
    case 'rename-cell':
      await postEditCell(api, c.studyId, c.cellId, c.cellName, c.shortName);
      return { kind: c.kind, cellId: c.cellId };
    case 'duplicate-cell': {
      const made = await postDuplicateCell(api, c.studyId, c.cellId);
      return { kind: c.kind, cellId: made.cell_id };
    }
  }
}

/** Every board change; the element keys runs by kind (useMutation(boardChange, kind)). */
export const boardChange = createMutation<BoardChange, BoardChangeResult>({
  name: 'board/change',
  run: change,
  *onDone({ api, args }: MutationContext<BoardChange, BoardChangeResult>) {
    yield put(boardOverview.actions.fetch({ api, params: args.studyId, force: true }));
    if (args.kind === 'add-step' && args.body.external_url) {
      yield put(stepOptions.actions.fetch({ api, params: { studyId: args.studyId, stepType: args.body.step_type as OptionType }, force: true }));
    }
  },
});

/** Orders a cache page and follows it until it is ready or failed (polling its status). */
export const orderCachePage = createMutation<{ studyId: number; url: string; name: string; pollMs?: number; maxPolls?: number }, CachePage>({
  name: 'board/cache-order',
  run: async (api, a) => {
    let page = await postCachePageOrder(api, a.url, a.name);
    for (let i = 0; page.status === 'pending' && i < (a.maxPolls ?? 60); i++) {
      await new Promise((r) => setTimeout(r, a.pollMs ?? 2000));
      page = await fetchCachePage(api, page.id);
    }
    return page;
  },
  *onDone({ api, args }) {
    yield put(stepOptions.actions.fetch({ api, params: { studyId: args.studyId, stepType: 'cache' }, force: true }));
  },
});
