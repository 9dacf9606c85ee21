// Keyed resources (reads) and mutations (writes): what every domain builds on, one reducer for
// both (keyed.ts). See resource.ts.
export { createResource, resourceKey, RESOURCE_KEEP_MS, setKeepTime, type Resource, type ResourceEntry, type ResourceOptions, type ResourceState, type ResourceStatus, type FetchRequest } from './resource';
export { createMutation, mutationKey, type Mutation, type MutationEntry, type MutationOptions, type MutationState, type MutationStatus, type MutationContext, type RunRequest } from './mutation';
export { useResource, useMutation, useDomain, useApi, type ResourceView, type MutationView, type UseResourceOptions } from './hooks';
