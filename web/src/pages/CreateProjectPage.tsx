export function CreateProjectPage() {
  return <h1>New Project</h1>;
}
