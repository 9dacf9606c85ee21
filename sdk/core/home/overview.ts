// Home counts and greeting of the element's user and company (D1-078..082).
import { fetchOverview, type HomeOverview } from '../api/studies';
import { createResource } from '../resource/resource';

export const homeOverview = createResource<void, HomeOverview>({
  name: 'home/overview',
  fetch: (api) => fetchOverview(api),
});
