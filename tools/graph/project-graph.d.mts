export interface Project {
  readonly name: string;
  readonly root: string;
  readonly tags: string[];
  readonly scope: string | undefined;
  readonly type: string | undefined;
}

/** A dependency between two projects, with the files that make it; testOnly when only spec files do. */
export interface Edge {
  readonly from: string;
  readonly to: string;
  readonly files: string[];
  readonly testOnly: boolean;
}

export interface ProjectGraph {
  readonly projects: Map<string, Project>;
  readonly edges: Edge[];
  /** Code files of apps/, libs/, tools/, bench/ that no project owns: each one breaks the rules. */
  readonly unowned?: string[];
}

export function loadProjectGraph(): Promise<ProjectGraph>;
export function violations(graph: ProjectGraph): (Edge & { readonly reason: string })[];
