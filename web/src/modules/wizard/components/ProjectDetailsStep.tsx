import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CameraTypesQuery, CreateProjectMutation } from '../../projects/graphql/projects.graphql';

/** Step 1: name, camera type and description; creates the project and hands its id on. */
export function ProjectDetailsStep({ onCreated }: { onCreated: (project: { id: string; name: string }) => void }) {
  const { data: cameras } = useQuery(CameraTypesQuery);
  const [createProject, { loading }] = useMutation(CreateProjectMutation);
  const [name, setName] = useState('');
  const [cameraType, setCameraType] = useState('');
  const [description, setDescription] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const { data } = await createProject({ variables: { input: { name, cameraType, description: description || null } } });
      if (data) onCreated({ id: data.createProject.id, name: data.createProject.name });
    } catch (err) {
      // SPEC §5: a failed creation is only logged.
      console.error('Failed to create project', err);
    }
  };

  return (
    <form className="form wizard-panel" onSubmit={submit}>
      <h2>Project Details</h2>
      <label>
        Project name
        <input name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} required placeholder="e.g. Coastline at dawn" />
      </label>
      <label>
        Camera type
        <select name="cameraType" value={cameraType} onChange={(e) => setCameraType(e.target.value)} required>
          <option value="">Select a camera type</option>
          {cameras?.cameraTypes.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>
          Description <span className="muted small">(optional)</span>
        </span>
        <textarea name="description" rows={4} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={5000} />
      </label>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Creating…' : 'Create Project and Continue'}
        </button>
      </div>
    </form>
  );
}
