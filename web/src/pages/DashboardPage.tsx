import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  DeleteProjectMutation,
  EmptyTrashMutation,
  ProjectsQuery,
  RestoreProjectMutation,
  TrashProjectMutation,
} from '../modules/projects/graphql/projects.graphql';
import { ProjectCard } from '../modules/projects/components/ProjectCard';
import { Loading } from '../ui/Loading';
import { Banner } from '../ui/Banner';
import { serverMessage } from '../client/graphql-errors';

const PAGE = 50;

/** Your Projects (SPEC §2): Active/Trash with counts, text search, creation-day filter, Clear All. */
export function DashboardPage() {
  const [view, setView] = useState<'ACTIVE' | 'TRASH'>('ACTIVE');
  const [search, setSearch] = useState('');
  const [createdOn, setCreatedOn] = useState('');
  const variables = {
    view,
    search: search.trim() || null,
    createdOn: createdOn || null,
    tzOffsetMinutes: -new Date().getTimezoneOffset(),
    first: PAGE,
  };
  // No deduplication: two quick actions (trash one card, then another) each refetch after their
  // mutation; the second refetch would otherwise join the first one still in flight and keep its
  // answer, which predates the second mutation (a loaded run showed Trash (1) after two trashes).
  const query = useQuery(ProjectsQuery, { variables, context: { queryDeduplication: false } });
  const { loading, error, refetch, fetchMore } = query;
  // While a new filter loads, the last results stay on screen instead of flashing 'Loading...'.
  const data = query.data ?? query.previousData;
  const [trash] = useMutation(TrashProjectMutation);
  const [restore] = useMutation(RestoreProjectMutation);
  const [remove] = useMutation(DeleteProjectMutation);
  const [emptyTrash] = useMutation(EmptyTrashMutation);
  const [notice, setNotice] = useState<string | null>(null);

  const act = async (run: () => Promise<unknown>, failure: string) => {
    try {
      await run();
      await refetch();
    } catch (err) {
      console.error(err);
      // SPEC §8's text first, then the server's reason when it gave one (e.g. the project is processing).
      const reason = serverMessage(err, '');
      alert(reason ? `${failure}: ${reason}` : failure);
    }
  };

  if (error && !data) return <Banner tone="error">Failed to fetch projects</Banner>;

  const projects = data?.projects.edges.map((e) => e.node) ?? [];
  const counts = data?.projectCounts;
  const filtered = !!(search.trim() || createdOn);
  const inTrash = view === 'TRASH';

  return (
    <section className="stack">
      <div className="page-header">
        <h1>Your Projects</h1>
        <Link to="/createproject" className="button button-primary">
          + Create Project
        </Link>
      </div>

      <div className="toolbar card">
        <div className="segmented" role="tablist">
          <button type="button" role="tab" aria-selected={!inTrash} className={!inTrash ? 'active' : ''} onClick={() => setView('ACTIVE')}>
            Active ({counts?.active ?? 0})
          </button>
          <button type="button" role="tab" aria-selected={inTrash} className={inTrash ? 'active' : ''} onClick={() => setView('TRASH')}>
            Trash ({counts?.trash ?? 0})
          </button>
        </div>
        <input type="search" placeholder="Search name or description" aria-label="Search projects" value={search} onChange={(e) => setSearch(e.target.value)} />
        <input type="date" aria-label="Created on" value={createdOn} onChange={(e) => setCreatedOn(e.target.value)} />
        <button
          type="button"
          className="button"
          onClick={() => {
            setSearch('');
            setCreatedOn('');
          }}
        >
          Clear All
        </button>
        {inTrash && (
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              if (!confirm('Permanently delete the projects that have been in the trash for more than 30 days? This cannot be undone.')) return;
              void act(async () => {
                const r = await emptyTrash();
                setNotice(r.data?.emptyTrash.message ?? null);
              }, 'Failed to empty trash');
            }}
          >
            Empty Trash
          </button>
        )}
      </div>
      {notice && (
        <Banner tone="info" onClose={() => setNotice(null)}>
          {notice}
        </Banner>
      )}

      {loading && !data ? (
        <Loading />
      ) : projects.length === 0 ? (
        <div className="empty card center">
          <p>{filtered ? 'No projects match your filters' : inTrash ? 'Trash is empty' : 'No projects yet'}</p>
          {!filtered && !inTrash && (
            <Link to="/createproject" className="button button-primary">
              Create your first project
            </Link>
          )}
        </div>
      ) : (
        <div className="card-grid">
          {projects.map((p) => (
            <ProjectCard
              key={p.id}
              project={p}
              inTrash={inTrash}
              onTrash={(id) => act(() => trash({ variables: { id } }), 'Failed to move project to trash')}
              onRestore={(id) => act(() => restore({ variables: { id } }), 'Failed to restore project')}
              onDelete={(id) => {
                if (confirm('Delete this project permanently? This cannot be undone.'))
                  void act(() => remove({ variables: { id } }), 'Failed to permanently delete project');
              }}
            />
          ))}
        </div>
      )}
      {data?.projects.pageInfo.hasNextPage && (
        <button
          type="button"
          className="button center-self"
          onClick={() =>
            fetchMore({
              variables: { ...variables, after: data.projects.pageInfo.endCursor },
              updateQuery: (prev, { fetchMoreResult }) => ({
                ...fetchMoreResult,
                projects: { ...fetchMoreResult.projects, edges: [...prev.projects.edges, ...fetchMoreResult.projects.edges] },
              }),
            })
          }
        >
          Show more
        </button>
      )}
    </section>
  );
}
