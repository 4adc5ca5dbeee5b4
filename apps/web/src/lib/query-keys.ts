// The roots of the cached queries that several features read or refresh. Each feature builds its own keys
// under these; a write invalidates exactly the roots whose answers it changes.

/** Browse lists: home sections, filtered results, categories (they depend on favorites too). */
export const BROWSE_ROOT = ['browse'] as const;
/** The signed-in user's own projects (My Projects). */
export const MY_PROJECTS_ROOT = ['me', 'projects'] as const;
/** Public profiles, with their project lists. */
export const PROFILE_ROOT = ['profile'] as const;
/** One project's page. */
export const PROJECT_ROOT = ['project'] as const;

/** Every list that shows projects: what a new project, an edit, a check-in or a payment may change. */
export const PROJECT_LIST_ROOTS = [BROWSE_ROOT, MY_PROJECTS_ROOT, PROFILE_ROOT] as const;
