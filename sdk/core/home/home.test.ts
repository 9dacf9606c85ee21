import { describe, expect, it } from 'vitest';
import { load, until, useTestClient } from '../test-utils';
import { stubHttp } from '../api/test-transport';
import { homeOverview } from './overview';
import { sessionActions } from '../session/slice';
import { tokenId } from '../config/config';

const OVERVIEW = { total_live: 2, total_completed: 5, company: 'Acme', company_logo_url: null, first_name: 'Ada' };

describe('home domain', () => {
  const t = useTestClient();

  it('D1-078 D1-080 load GETs /studies/overview and stores the overview', async () => {
    const http = stubHttp(() => ({ data: OVERVIEW }));
    const store = t.store();
    const api = t.api('T');
    store.dispatch(homeOverview.actions.fetch({ api, params: undefined }));
    expect(homeOverview.select(store.getState(), api, undefined).status).toBe('loading');
    await until(() => homeOverview.select(store.getState(), api, undefined).data !== null);
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]).toMatchObject({ method: 'GET', url: '/v1.0/studies/overview' });
    expect(homeOverview.select(store.getState(), api, undefined)).toMatchObject({ data: OVERVIEW, status: 'success' });
  });

  it('a failure stores the server message', async () => {
    stubHttp(() => ({ status: 500, data: { success: false, message: 'Nope' } }));
    const entry = await load(t.store(), homeOverview, t.api('T'), undefined);
    expect(entry.error).toBe('Nope');
  });

  it('sign-out forgets the overview; a company switch reads another key', async () => {
    stubHttp(() => ({ data: OVERVIEW }));
    const store = t.store();
    await load(store, homeOverview, t.api('T'), undefined);
    expect(homeOverview.select(store.getState(), t.api('T', '4'), undefined).data).toBeNull();
    store.dispatch(sessionActions.signedOut(tokenId('T')));
    expect(homeOverview.select(store.getState(), t.api('T'), undefined).data).toBeNull();
  });
});
