// Keyed resources (reads) and mutations (writes): what every domain builds on. See resource.ts.
export { createResource, resourceKey, type Resource, type ResourceEntry, type ResourceOptions, type ResourceState, type ResourceStatus, type FetchRequest } from './resource';
export { createMutation, mutationKey, type Mutation, type MutationEntry, type MutationOptions, type MutationState, type MutationStatus, type MutationContext, type RunRequest } from './mutation';
export { useResource, useMutation, useDomain, useApi, type ResourceView, type MutationView, type UseResourceOptions } from './hooks';
