export function ProjectDetailPage() {
  return <h1>Project</h1>;
}
